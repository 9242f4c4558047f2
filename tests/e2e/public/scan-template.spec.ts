// At 375 px, the scan page wears the product's template (扫码模板) — its title on a bar
// of its colour, its enabled banners in their order, the message for the verdict — and the dealer
// and waybill are nowhere in the page until the template shows them.
import { expect, test, type APIRequestContext } from "@playwright/test";
import { api, tokenOf } from "../org/org-helpers";

test.use({ viewport: { width: 375, height: 667 } });

interface Code {
  code: string;
  product_id: number;
  dealer_id: number | null;
  dealer_id_label: string | null;
  scan_count: number | null;
}

async function ok<T>(request: APIRequestContext, token: string, path: string, body?: unknown): Promise<T> {
  const answer = await api(request, token, path, body);
  expect(answer.code, `${path}: ${answer.message}`).toBe(0);
  return answer.data as T;
}

test("the scan page follows its product's template; the dealer shows only when the template says so", async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, "admin");
  const codes = (
    await ok<{ list: Code[] }>(
      request,
      admin,
      "/api/tagging/tracecodes/pagelist?page=1&size=50&status=shipped&code_type=item&sort=-id",
    )
  ).list;
  const target = codes.find((row) => !row.scan_count && row.dealer_id !== null && row.dealer_id_label)!;
  expect(target, "an unscanned shipped item with a dealer").toBeDefined();
  const others = (
    await ok<{ list: { id: number }[] }>(
      request,
      admin,
      `/api/querymanage/scantemplates/pagelist?page=1&size=50&product_id=${target.product_id}`,
    )
  ).list;
  for (const other of others)
    await ok(request, admin, "/api/querymanage/scantemplates/update", { id: other.id, status: "disabled" });
  const stamp = Date.now().toString(36).toUpperCase();
  const template = await ok<{ id: number }>(request, admin, "/api/querymanage/scantemplates/add", {
    template_code: `TPL${stamp}`,
    template_name: `模板${stamp}`,
    product_id: target.product_id,
    page_title: `Official check ${stamp}`,
    theme_color: "#c41d7f",
    genuine_message: "Thank you for choosing the genuine product.",
    repeat_message: "This code has been checked before.",
    show_dealer: false,
    show_waybill: false,
    is_default: false,
    status: "enabled",
  });
  for (const [title, sort, enabled] of [
    ["Second", 2, true],
    ["First", 1, true],
    ["Hidden", 0, false],
  ] as const)
    await ok(request, admin, "/api/querymanage/templatebanners/add", {
      template_id: template.id,
      title,
      image_url: `https://img.example.com/${title}.png`,
      sort,
      enabled,
    });

  await page.context().addCookies([{ name: "language", value: "en", domain: "127.0.0.1", path: "/" }]);
  await page.goto(`/m/q/${target.code}`);
  await expect(page.locator("[data-verdict]")).toHaveAttribute("data-verdict", "genuine");
  const header = page.getByTestId("scan-template");
  await expect(header).toContainText(`Official check ${stamp}`);
  expect(
    await header.evaluate((node) => getComputedStyle(node.querySelector(".scan-template-title")!).backgroundColor),
  ).toBe("rgb(196, 29, 127)");
  // The carousel clones its slides; the real ones keep their order.
  const banners = page.locator(".slick-slide:not(.slick-cloned) [data-testid=scan-banner]");
  expect(await banners.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("alt")))).toEqual([
    "First",
    "Second",
  ]);
  await expect(page.getByTestId("scan-template-message")).toHaveText("Thank you for choosing the genuine product.");
  expect(await page.content()).not.toContain(target.dealer_id_label!);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );

  await ok(request, admin, "/api/querymanage/scantemplates/update", { id: template.id, show_dealer: true });
  await page.reload();
  await expect(page.locator("[data-verdict]")).toHaveAttribute("data-verdict", "repeated");
  await expect(page.getByTestId("scan-template-message")).toHaveText("This code has been checked before.");
  await expect(page.getByTestId("scan-product")).toContainText(target.dealer_id_label!);
});
