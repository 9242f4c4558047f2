// The sidebar's 210 px hold every title: each level indents a little, a title never runs under its
// group's expand arrow, long titles give way to the manifest's short ones, and a title that is
// shortened or still cut shows whole on hover.
import { expect, test, type Page } from "@playwright/test";
import { sidebar, signIn } from "./helpers";

interface Label {
  readonly text: string;
  /** 1 for the top of the menu, 2 for what a top group holds, and so on. */
  readonly level: number;
  readonly cut: boolean;
  readonly tooltip: string | null;
  readonly group: boolean;
  readonly underArrow: boolean;
}

async function openEveryGroup(page: Page): Promise<void> {
  const closed = sidebar(page).locator(".ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title");
  // A group opens what it holds, which may hold closed groups in turn.
  await expect(async () => {
    const count = await closed.count();
    for (let i = count - 1; i >= 0; i--) await closed.nth(i).click();
    expect(await closed.count()).toBe(0);
  }).toPass();
}

const labels = (page: Page): Promise<Label[]> =>
  sidebar(page).evaluate((aside) =>
    [...aside.querySelectorAll<HTMLElement>(".ant-menu-title-content")].map((box) => {
      const row = box.closest<HTMLElement>(".ant-menu-item, .ant-menu-submenu-title")!;
      const arrow = row.querySelector<HTMLElement>(":scope > .ant-menu-submenu-arrow");
      const words = box.querySelector<HTMLElement>("[title]");
      let level = 1;
      for (let up = row.parentElement; up && up !== aside; up = up.parentElement)
        if (up.matches("ul.ant-menu-sub")) level++;
      return {
        text: box.innerText,
        level,
        cut: box.scrollWidth > box.clientWidth,
        tooltip: words?.getAttribute("title") ?? null,
        group: arrow !== null,
        underArrow: arrow ? box.getBoundingClientRect().right > arrow.getBoundingClientRect().left : false,
      };
    }),
  );

for (const language of ["zh", "en"]) {
  test(`every sidebar title fits or shows whole on hover (${language})`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, "admin", "/dashboard", language);
    await openEveryGroup(page);
    const all = await labels(page);
    expect(all.length, "the admin's whole menu is open").toBeGreaterThan(60);
    expect(all.filter((label) => label.group).length, "group titles sit in the box that clips").toBeGreaterThan(15);
    expect(Math.max(...all.map((label) => label.level))).toBe(5);
    for (const label of all) {
      expect(label.underArrow, `"${label.text}" runs under its expand arrow`).toBe(false);
      expect(label.tooltip, `"${label.text}" shows its full title on hover`).toBeTruthy();
    }
    const cut = all.filter((label) => label.level <= 3 && label.cut).map((label) => label.text);
    expect(cut, "titles cut at the first three levels").toEqual([]);
    // The fifth level (工厂列表, Factories) fits too.
    const fifth = all.filter((label) => label.level === 5);
    expect(fifth.length).toBeGreaterThan(0);
    expect(fifth.filter((label) => label.cut).map((label) => label.text)).toEqual([]);
  });
}

test("a short title stands in the sidebar; the tab and the breadcrumb keep the full one", async ({ page }) => {
  await signIn(page, "admin", "/outsourcing", "en");
  const item = sidebar(page).locator(".ant-menu-item-selected");
  await expect(item).toHaveText("Contract clients");
  await expect(item.locator("[title]")).toHaveAttribute("title", "Contract manufacturing clients");
  await expect(page.locator(".tags-view-item.active")).toHaveText("Contract manufacturing clients");
  await expect(page.locator(".app-breadcrumb li").last()).toHaveText("Contract manufacturing clients");
});
