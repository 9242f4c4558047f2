// A wedge scanner types a code's 20 keys in ~35 ms, so a key typed into the station's scanner must
// cost the page next to nothing: it goes to no listener below the window, on its way down or up
// (React's, at the root in both phases and on the document, walk the station's tree for each event
// they see), changes no style (a placeholder kept on a filled input made Chromium recalculate the
// input's style per key), and is not an edit of the input's text: the scanner writes the keys typed
// once a frame (scanner-typing.ts), where Chromium's own editing laid the page out for every key.
// Chromium's own counters (CDP Performance.getMetrics) hold the last two.
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "../shell/helpers";
import { tokenOf } from "../org/org-helpers";
import { stationStock } from "./station-stock";

/**
 * Counts the key, text and caret events (selectionchange, fired at the input) that reach the document
 * while the scanner has the focus, on their way down (capture) or back up (bubble): React listens at
 * its root in both phases, and for selectionchange on the document.
 */
async function countEventsAboveScanner(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.__keysAbove = 0;
    for (const type of ["keydown", "keypress", "beforeinput", "textInput", "input", "keyup", "selectionchange"])
      for (const capture of [true, false])
        document.addEventListener(type, () => { window.__keysAbove += 1; }, capture);
  })()`);
}

test("packing station: a typed key reaches nothing above the scanner, recalculates no style and lays out nothing", async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, "admin");
  const stock = await stationStock(request, admin);
  const [box] = await stock.fresh("box", 1);
  const items = await stock.fresh("item", 3);
  await signIn(page, "admin", `/packingstation?order_id=${stock.workOrder}&level=box`);
  const scanner = page.locator(".station-scanner");
  const verdict = page.locator(".station-verdict");
  await expect(scanner).toBeFocused();
  await expect(scanner).toHaveAttribute("placeholder", /.+/);
  await page.keyboard.type(box, { delay: 5 });
  await page.keyboard.press("Enter");
  await expect(verdict).toHaveAttribute("data-verdict", "opened");

  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const counter = (name: string) => async () => {
    const { metrics } = await cdp.send("Performance.getMetrics");
    return metrics.find((metric) => metric.name === name)!.value;
  };
  const recalcs = counter("RecalcStyleCount");
  const layouts = counter("LayoutCount");
  await countEventsAboveScanner(page);
  const before = await recalcs();
  const layoutsBefore = await layouts();
  // A scanner's burst: every key of a code sent at once, in order, as Chromium gets a wedge scanner's,
  // Shift pressed around each capital as a scanner types it.
  const SHIFT = 8;
  const press = (key: string, modifiers = 0) =>
    (["keyDown", "keyUp"] as const).map((type) => ({
      type,
      key,
      modifiers,
      windowsVirtualKeyCode: key === "Shift" ? 16 : /^[0-9A-Za-z]$/.test(key) ? key.toUpperCase().charCodeAt(0) : 0,
      ...(type === "keyDown" && key !== "Shift" ? { text: key, unmodifiedText: key } : {}),
    }));
  const burst = (code: string) =>
    Promise.all(
      [...code]
        .flatMap((key) => {
          if (!/^[A-Z]$/.test(key)) return press(key);
          const [shiftDown, shiftUp] = press("Shift", SHIFT);
          return [shiftDown, ...press(key, SHIFT), shiftUp];
        })
        .map((event) => cdp.send("Input.dispatchKeyEvent", event)),
    );
  let keys = 0;
  for (const code of items.slice(0, 2)) {
    await burst(code);
    keys += code.length;
    await expect(scanner).toHaveValue(code);
    await expect(scanner, "the placeholder is off while the input holds text").not.toHaveAttribute("placeholder");
    await scanner.evaluate((input: HTMLInputElement) => (input.value = ""));
  }
  const recalculated = (await recalcs()) - before;
  // Chromium's editing laid the page out for each key typed into the input: at least one a key.
  // A burst written once a frame is a layout or a few; a few more are the value cleared.
  expect((await layouts()) - layoutsBefore, `layouts while ${keys} keys were typed`).toBeLessThan(keys / 2);
  // A style recalc per key was the cost; the others are a frame's (the keys written, the value cleared):
  // more frames come during a burst on a loaded host (12 for 40 keys seen at a load average of 5).
  expect(recalculated, `style recalcs while ${keys} keys were typed`).toBeLessThan(keys / 2);
  expect(await page.evaluate("window.__keysAbove"), "key events and caret moves that reached the document").toBe(0);

  // The keys still scan: Enter ends the burst, the verdict names the code, the placeholder is back.
  // A GS1 element string whose group separator comes as inserted text, not a key (as an input
  // method's commit would; Playwright types a character no key types so), right behind keys not yet
  // written into the input: it must land after them, or the serial runs into the next element.
  await Promise.all([
    burst(`]d2010950110102091721${items[2]}`),
    cdp.send("Input.insertText", { text: "\u001d" }),
    burst("10LOT7"),
  ]);
  await page.keyboard.press("Enter");
  await expect(verdict).toHaveAttribute("data-verdict", "ok");
  await expect(verdict).toContainText(items[2]);
  await expect(scanner).toHaveValue("");
  await expect(scanner).toHaveAttribute("placeholder", /.+/);
});
