// The station's camera: where the browser has no Barcode Detection API the station says so; where it
// has one, the codes read in the preview are scans like the scanner's. Chromium on Linux has no
// detector and the test machine no camera, so the browser is given a stand-in of each: a detector
// reading whatever code the test puts "in view", and a camera filming a canvas.
import { expect, test, type APIRequestContext } from "@playwright/test";
import { signIn } from "../shell/helpers";
import { ok, tokenOf } from "../org/org-helpers";
import { codeState } from "../logistics/logistics-helpers";

async function freshCodes(request: APIRequestContext, token: string, count: number) {
  const [workOrder] = (
    await ok<{ list: { id: number }[] }>(
      request,
      token,
      "/api/plant/productionorders/pagelist?page=1&size=1&status=in_progress",
    )
  ).list;
  const { list } = await ok<{ list: { code: string }[] }>(
    request,
    token,
    `/api/tagging/tracecodes/pagelist?page=1&size=${count}&status=generated&code_type=item`,
  );
  expect(list, `${count} unused item codes in the seed`).toHaveLength(count);
  return { order: workOrder.id, codes: list.map((row) => row.code) };
}

test("station camera: says so where the browser cannot read codes", async ({ page, request }) => {
  await page.addInitScript(() => {
    delete (window as { BarcodeDetector?: unknown }).BarcodeDetector;
  });
  const { order } = await freshCodes(request, await tokenOf(request, "admin"), 1);
  await signIn(page, "admin", `/activationstation?work_order_id=${order}&level=item`);
  await page.getByRole("button", { name: "Camera" }).click();
  await expect(page.getByTestId("station-camera")).toContainText("cannot read codes with the camera");
  await expect(page.locator(".station-camera video")).toHaveCount(0);
  await expect(page.locator(".station-scanner")).toBeFocused();
});

test("station camera: codes read in the preview are scanned, each once", async ({ page, request }) => {
  await page.addInitScript(() => {
    const scope = window as unknown as { codeInView: string | null; framesRead: number };
    scope.codeInView = null;
    scope.framesRead = 0;
    class BarcodeDetector {
      static getSupportedFormats = () => Promise.resolve(["qr_code", "data_matrix"]);
      detect(source: unknown) {
        if (!(source instanceof HTMLVideoElement)) return Promise.reject(new Error("not the preview"));
        scope.framesRead += 1;
        return Promise.resolve(scope.codeInView ? [{ rawValue: scope.codeInView }] : []);
      }
    }
    Object.assign(window, { BarcodeDetector });
    navigator.mediaDevices.getUserMedia = () => {
      const canvas = Object.assign(document.createElement("canvas"), { width: 64, height: 64 });
      const context = canvas.getContext("2d")!;
      let shade = 0;
      window.setInterval(() => {
        shade = (shade + 40) % 256;
        context.fillStyle = `rgb(${shade}, ${shade}, ${shade})`;
        context.fillRect(0, 0, 64, 64);
      }, 50);
      return Promise.resolve(canvas.captureStream(20));
    };
  });
  const admin = await tokenOf(request, "admin");
  const { order, codes } = await freshCodes(request, admin, 2);
  await signIn(page, "admin", `/activationstation?work_order_id=${order}&level=item`);
  const verdict = page.locator(".station-verdict");

  await page.getByRole("button", { name: "Camera" }).click();
  await expect(page.locator(".station-camera video")).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { framesRead: number }).framesRead))
    .toBeGreaterThan(2);

  // A GS1 Digital Link in a QR code, as a phone reads it: the serial is the code.
  await page.evaluate((code) => {
    (window as unknown as { codeInView: string }).codeInView = `https://id.example.com/01/09501101020917/21/${code}`;
  }, codes[0]);
  await expect(verdict).toHaveAttribute("data-verdict", "ok");
  await expect(verdict).toContainText(codes[0]);
  await page.evaluate((code) => {
    (window as unknown as { codeInView: string }).codeInView = code;
  }, codes[1]);
  await expect(verdict).toContainText(codes[1]);
  await expect(verdict).toHaveAttribute("data-verdict", "ok");
  // The second code stays in view for many frames and is scanned once.
  await page.waitForTimeout(1000);
  await expect(page.getByTestId("station-count")).toContainText("2");
  await expect(verdict, "not fed again (a second activation would be refused)").toHaveAttribute("data-verdict", "ok");

  await page.getByRole("button", { name: "Close camera" }).click();
  await expect(page.locator(".station-camera video")).toHaveCount(0);
  for (const code of codes) expect((await codeState(request, admin, code)).status, code).toBe("activated");
});
