// The README's screenshots: the dashboard, a report (汇总报表) and a list (生码记录) in Chinese and
// English at a laptop's 1,440 px and a phone's 375 px, each the visible window only, written to
// docs/screenshots/<screen>-<language>-<width>.png. Run by `npm run screenshots` (see its config).
import { execFileSync } from "node:child_process";
import { join, resolve } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { settle, signIn } from "../e2e/shell/helpers";

const OUT = resolve(import.meta.dirname, "../../docs/screenshots");

const SCREENS = [
  { name: "dashboard", path: "/dashboard", shown: (page: Page) => page.locator("[data-series] svg").first() },
  { name: "report", path: "/collect", shown: (page: Page) => page.locator("[data-report-chart] canvas").first() },
  { name: "list", path: "/home/tagging/records", shown: (page: Page) => page.getByRole("progressbar").first() },
] as const;
const SIZES = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
] as const;
const LANGUAGES = ["zh", "en"] as const;

/** How long a chart's entry animation takes, which reduced motion does not stop (it draws on a canvas). */
const CHART_SETTLES_MS = 1_500;

test.beforeAll(() => {
  // Without a Chinese font, Chromium draws every zh label as a row of empty boxes.
  const fonts = execFileSync("fc-list", [":lang=zh", "family"], { encoding: "utf8" });
  expect(fonts.trim(), "a Chinese font is installed (apt-get install fonts-wqy-microhei)").not.toBe("");
});

for (const screen of SCREENS)
  for (const language of LANGUAGES)
    for (const size of SIZES) {
      const file = `${screen.name}-${language}-${size.width}.png`;
      test(file, async ({ page }) => {
        await page.setViewportSize(size);
        await signIn(page, "admin", screen.path, language);
        await settle(page, screen.path);
        await expect(screen.shown(page)).toBeVisible();
        await page.waitForTimeout(CHART_SETTLES_MS);
        await page.mouse.move(0, size.height - 1);
        await page.screenshot({ path: join(OUT, file), animations: "disabled", caret: "hide" });
      });
    }
