// spec §2 public routes: /c (消费者扫码) and /m/q/:qrcode, the pages a consumer reaches by scanning
// a product's QR code. No token, no console shell, phone first, one counted scan per page view.
import { expect, test, type Page } from "@playwright/test";
import { apiLogin, authenticate, setCookies } from "../shell/helpers";

const SYSTEM_TITLE = "4.1.0追溯系统";
const SCAN_CALL = "/api/public/scan";

interface TraceCode {
  readonly code: string;
  readonly scan_count: number | null;
  readonly product_id: number | null;
  readonly product_id_label: string | null;
}

/**
 * Shipped trace codes with a product that nobody has scanned yet, read through the console's own list
 * call as admin: only a code that left the warehouse scans as genuine.
 */
async function unscannedCodes(page: Page): Promise<TraceCode[]> {
  const token = await apiLogin(page);
  const response = await page.request.get("/api/tagging/tracecodes/pagelist", {
    params: { page: 1, size: 100, sort: "scan_count", status: "shipped" },
    headers: { Token: token },
  });
  const body = (await response.json()) as { status_code: number; data: { list: TraceCode[] } };
  expect(body.status_code).toBe(200);
  const codes = body.data.list.filter((row) => !row.scan_count && row.product_id !== null && row.product_id_label);
  expect(codes.length).toBeGreaterThanOrEqual(7);
  return codes;
}

/** Each test takes its own code, so a rerun of one test alone still finds it unscanned. */
async function freshCode(page: Page, index: number): Promise<TraceCode> {
  return (await unscannedCodes(page))[index];
}

/** How often the server has counted `code`, read as admin. */
async function scanCount(page: Page, code: string): Promise<number> {
  const token = await apiLogin(page);
  const response = await page.request.get("/api/tagging/tracecodes/pagelist", {
    params: { page: 1, size: 10, code },
    headers: { Token: token },
  });
  const body = (await response.json()) as { data: { list: TraceCode[] } };
  return body.data.list.find((row) => row.code === code)?.scan_count ?? 0;
}

/** Counts the scan calls the page makes. */
function countScanCalls(page: Page): { readonly calls: number } {
  const counter = { calls: 0 };
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === SCAN_CALL) counter.calls += 1;
  });
  return counter;
}

const verdict = (page: Page) => page.locator("[data-verdict]");

async function noHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test.describe("spec §2 consumer scan pages", () => {
  test("spec §2 /m/q/:qrcode without login: genuine on the first view, repeated (2 times) after a reload; one counted call per view", async ({
    page,
  }) => {
    const target = await freshCode(page, 0);
    await page.context().clearCookies();
    const counter = countScanCalls(page);
    await page.goto(`/m/q/${target.code}`);
    await expect(page).toHaveURL(new RegExp(`/m/q/${target.code}$`));
    await expect(verdict(page)).toHaveAttribute("data-verdict", "genuine");
    await expect(verdict(page)).toContainText("Genuine product");
    await expect(verdict(page)).toContainText("first verification");
    await expect(page.getByTestId("scan-product")).toContainText(target.product_id_label!);
    await expect(page.getByTestId("scan-code")).toHaveText(target.code);
    await expect(page).toHaveTitle(`Consumer scan - ${SYSTEM_TITLE}`);
    // No console shell.
    await expect(page.locator(".sidebar-container, .navbar, .tags-view-container")).toHaveCount(0);
    expect(counter.calls).toBe(1);
    expect(await scanCount(page, target.code)).toBe(1);

    await page.reload();
    await expect(verdict(page)).toHaveAttribute("data-verdict", "repeated");
    await expect(verdict(page)).toContainText("This code has been queried 2 times");
    await expect(verdict(page)).toContainText("First queried on");
    await expect(verdict(page)).toContainText("If this is your first scan, this product may be counterfeit.");
    await expect(page.getByTestId("scan-product")).toContainText(target.product_id_label!);
    expect(counter.calls).toBe(2);
    expect(await scanCount(page, target.code)).toBe(2);
  });

  test("spec §2: an unknown code is not found, with a counterfeit caution; a malformed one is never sent", async ({
    page,
  }) => {
    const counter = countScanCalls(page);
    await page.goto("/m/q/NO_SUCH_CODE_0000");
    await expect(verdict(page)).toHaveAttribute("data-verdict", "not_found");
    await expect(verdict(page)).toContainText("Code not found");
    await expect(verdict(page)).toContainText("may be counterfeit");
    await expect(page.getByTestId("scan-product")).toHaveCount(0);
    expect(counter.calls).toBe(1);

    await page.goto("/m/q/bad%20code!");
    await expect(verdict(page)).toHaveAttribute("data-verdict", "invalid");
    await expect(verdict(page)).toContainText("This is not a valid code");
    expect(counter.calls).toBe(1);
  });

  test("spec §2: /m/q/ without a code goes to /c", async ({ page }) => {
    await page.goto("/m/q/");
    await expect(page).toHaveURL(/\/c$/);
    await expect(page.getByRole("heading", { name: "Verify your product" })).toBeVisible();
  });

  test("spec §2 /c: a code is checked by the server's rule, then the page goes to /m/q/<code>", async ({ page }) => {
    const target = await freshCode(page, 1);
    await page.context().clearCookies();
    await page.goto("/c");
    await expect(page).toHaveTitle(`Consumer scan - ${SYSTEM_TITLE}`);
    const input = page.getByLabel("Code");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("Please enter the code")).toBeVisible();
    await input.fill("AB C/1");
    await expect(page.getByText("A code has only letters, digits, hyphens (-) and underscores (_)")).toBeVisible();
    await input.fill("x".repeat(65));
    await expect(page.getByText("A code has at most 64 characters")).toBeVisible();
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/c$/);
    // No camera button where the browser cannot read QR codes (this Chromium on Linux).
    await expect(page.getByRole("button", { name: "Scan the QR code" })).toHaveCount(0);

    await input.fill(` ${target.code} `);
    await input.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/m/q/${target.code}$`));
    await expect(verdict(page)).toHaveAttribute("data-verdict", "genuine");
    await expect(page.getByTestId("scan-product")).toContainText(target.product_id_label!);
  });

  test("spec §2: on a 375×667 phone neither page scrolls sideways; at desktop width the column stays readable", async ({
    page,
  }) => {
    const target = await freshCode(page, 2);
    await page.context().clearCookies();
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto("/c");
    await expect(page.getByRole("button", { name: "Verify" })).toBeVisible();
    await noHorizontalScroll(page);
    await page.goto(`/m/q/${target.code}`);
    await expect(page.getByTestId("scan-product")).toBeVisible();
    await noHorizontalScroll(page);
    const card = await page.getByTestId("scan-product").boundingBox();
    expect(card!.width).toBeGreaterThan(300);
    expect(card!.x + card!.width).toBeLessThanOrEqual(375);
    // A code of the longest kind wraps instead of widening the page.
    await page.goto(`/m/q/${"W".repeat(64)}`);
    await expect(verdict(page)).toHaveAttribute("data-verdict", "not_found");
    await noHorizontalScroll(page);

    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto(`/m/q/${target.code}`);
    await expect(page.getByTestId("scan-product")).toBeVisible();
    const wide = await page.getByTestId("scan-product").boundingBox();
    expect(wide!.width).toBeLessThanOrEqual(560);
    expect(Math.abs(wide!.x + wide!.width / 2 - 683)).toBeLessThan(20);
    await noHorizontalScroll(page);
  });

  test("spec §2: a signed-in staff member opens both pages too, without being redirected", async ({ page }) => {
    const target = await freshCode(page, 3);
    await authenticate(page, "admin", "en");
    await page.goto(`/m/q/${target.code}`);
    await expect(verdict(page)).toHaveAttribute("data-verdict", "genuine");
    await expect(page).toHaveURL(new RegExp(`/m/q/${target.code}$`));
    await expect(page.locator(".navbar")).toHaveCount(0);
    await page.goto("/c");
    await expect(page.getByRole("heading", { name: "Verify your product" })).toBeVisible();
    await expect(page).toHaveURL(/\/c$/);
  });

  test("spec §2, §9: the language cookie the shell uses translates the pages (ja, es)", async ({ page }) => {
    const target = await freshCode(page, 4);
    await page.context().clearCookies();
    await setCookies(page.context(), { language: "ja" });
    await page.goto(`/m/q/${target.code}`);
    await expect(verdict(page)).toContainText("正規品です");
    await expect(page.getByTestId("scan-product")).toContainText("製品情報");
    await expect(page).toHaveTitle(`消費者スキャン - ${SYSTEM_TITLE}`);
    await page.reload();
    await expect(verdict(page)).toContainText("このコードは2回照会されています");

    await setCookies(page.context(), { language: "es" });
    await page.goto("/c");
    await expect(page.getByRole("heading", { name: "Verifique su producto" })).toBeVisible();
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page.getByText("Introduzca el código", { exact: true })).toBeVisible();
  });

  test("spec §2: a failed call shows a plain error; Retry, a new user action, makes one new call", async ({ page }) => {
    const target = await freshCode(page, 5);
    await page.context().clearCookies();
    const counter = countScanCalls(page);
    let failures = 1;
    await page.route(`**${SCAN_CALL}*`, (route) =>
      failures-- > 0 ? route.abort("internetdisconnected") : route.continue(),
    );
    await page.goto(`/m/q/${target.code}`);
    await expect(verdict(page)).toHaveAttribute("data-verdict", "error");
    await expect(verdict(page)).toContainText("The code could not be verified");
    expect(await scanCount(page, target.code)).toBe(0);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(verdict(page)).toHaveAttribute("data-verdict", "genuine");
    expect(counter.calls).toBe(2);
    expect(await scanCount(page, target.code)).toBe(1);
  });

  test("spec §2 /c: where the browser reads QR codes, the camera button scans a product's link", async ({ page }) => {
    const target = await freshCode(page, 6);
    await page.context().clearCookies();
    // A browser with the Shape Detection API and a camera: both stand-ins, the QR code holds the scan link.
    await page.addInitScript((link) => {
      class FakeBarcodeDetector {
        static getSupportedFormats() {
          return Promise.resolve(["qr_code"]);
        }
        detect() {
          return Promise.resolve([{ rawValue: link }]);
        }
      }
      Object.assign(window, { BarcodeDetector: FakeBarcodeDetector });
      navigator.mediaDevices.getUserMedia = () => {
        const canvas = document.createElement("canvas");
        canvas.width = 32;
        canvas.height = 32;
        canvas.getContext("2d")!.fillRect(0, 0, 32, 32);
        return Promise.resolve(canvas.captureStream(5));
      };
    }, `https://trace.example.com/m/q/${target.code}`);
    await page.goto("/c");
    await page.getByRole("button", { name: "Scan the QR code" }).click();
    await expect(page).toHaveURL(new RegExp(`/m/q/${target.code}$`));
    await expect(verdict(page)).toHaveAttribute("data-verdict", "genuine");
  });
});
