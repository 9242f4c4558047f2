// A verdict comes every 50 ms at a scanner's pace, and each is heard: its tone is drawn once per
// kind, while the station waits for its first scan (not by the first verdict of each kind), and a
// verdict plays it through one audio node, not an oscillator and a gain made per tone (the nodes
// and buffers the page makes are counted where Web Audio makes them).
import { expect, test } from "@playwright/test";
import { signIn } from "../shell/helpers";
import { tokenOf } from "../org/org-helpers";
import { stationStock } from "./station-stock";

test("packing station: each verdict's tone is one audio node, every kind drawn once before the first scan", async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, "admin");
  const stock = await stationStock(request, admin);
  const [box] = await stock.fresh("box", 1);
  const items = await stock.fresh("item", 6);
  await page.addInitScript(`(() => {
    const made = { nodes: 0, buffers: 0 };
    window.__audio = made;
    const proto = BaseAudioContext.prototype;
    for (const name of ["createOscillator", "createGain", "createBufferSource"]) {
      const make = proto[name];
      proto[name] = function () { made.nodes += 1; return make.apply(this, arguments); };
    }
    const createBuffer = proto.createBuffer;
    proto.createBuffer = function () { made.buffers += 1; return createBuffer.apply(this, arguments); };
  })()`);
  await signIn(page, "admin", `/packingstation?order_id=${stock.workOrder}&level=box`);
  const verdict = page.locator(".station-verdict");
  await expect(page.locator(".station-scanner")).toBeFocused();
  // Seven kinds of verdict (ok, opened, complete, finished, undone, queued, refused), drawn as the station opens.
  await expect
    .poll(() => page.evaluate<number>("window.__audio.buffers"), { message: "tones drawn before a scan" })
    .toBe(7);

  const codes = [box, ...items, items[0]];
  for (const code of codes) {
    await page.keyboard.type(code, { delay: 2 });
    await page.keyboard.press("Enter");
    await expect(verdict).toContainText(code);
  }
  // Opened, six ok, refused (the item is already in the box): three kinds, eight verdicts.
  await expect(verdict).toHaveAttribute("data-verdict", "refused");
  const made = await page.evaluate<{ nodes: number; buffers: number }>("window.__audio");
  expect(made.nodes, "audio nodes made for 8 verdicts").toBe(codes.length);
  expect(made.buffers, "tones drawn by the 8 verdicts of 3 kinds").toBe(7);
});
