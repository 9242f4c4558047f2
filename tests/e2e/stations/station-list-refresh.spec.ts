// The list of what was done below a station is fetched again once the line pauses, not while scans
// keep coming: at a scanner's pace fetching and drawing it takes longer than the time between two
// scans, and the verdicts queued behind it come late. Each list call is held against the verdict
// shown before it, both by the page's clock: a call less than the quiet second after a verdict was
// made while the line ran.
import { expect, test } from "@playwright/test";
import { signIn } from "../shell/helpers";
import { tokenOf } from "../org/org-helpers";
import { stationStock } from "./station-stock";

const LIST_PATH = "/api/plant/packaginglinks/pagelist";
const QUIET_MS = 1000;
/** Longer than the 10 s the list was fetched again after while scans kept coming. */
const SCANNING_MS = 11_000;
const PACE_MS = 250;

test("packing station: the list below is not fetched while scans keep coming, and once when they stop", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const admin = await tokenOf(request, "admin");
  const stock = await stationStock(request, admin);
  await page.addInitScript(`(() => {
    const shown = [];
    window.__verdictsAt = shown;
    performance.setResourceTimingBufferSize(100000);
    document.addEventListener("DOMContentLoaded", () => {
      let last = "";
      new MutationObserver(() => {
        const verdict = document.querySelector(".station-verdict");
        const code = verdict?.querySelector(".station-verdict__code")?.textContent ?? "";
        if (code && code !== last) shown.push(performance.now());
        last = code;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  })()`);
  const [firstBox] = await stock.fresh("box", 1);
  await signIn(page, "admin", `/packingstation?order_id=${stock.workOrder}&level=box`);
  const verdict = page.locator(".station-verdict");
  await expect(page.locator(".station-scanner")).toBeFocused();
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  await page.keyboard.type(firstBox, { delay: 2 });
  await page.keyboard.press("Enter");
  await expect(verdict).toHaveAttribute("data-verdict", "opened");
  const capacity = Number((await page.getByTestId("station-fill").textContent())!.split("/")[1]);

  // Boxes of `capacity` items, each closing by itself, enough for the scans to last SCANNING_MS.
  const scans = Math.ceil(SCANNING_MS / PACE_MS);
  const boxes = Math.ceil(scans / (capacity + 1));
  const items = await stock.fresh("item", scans - boxes);
  const more = boxes > 1 ? await stock.fresh("box", boxes - 1) : [];
  const codes: string[] = [];
  for (let box = 0; box < boxes; box++) {
    if (box > 0) codes.push(more[box - 1]);
    codes.push(...items.slice(box * capacity, (box + 1) * capacity));
  }

  const listCalls: number[] = [];
  page.on("request", (call) => {
    if (call.url().includes(LIST_PATH)) listCalls.push(Date.now());
  });
  const started = Date.now();
  for (const [index, code] of codes.entries()) {
    const wait = started + index * PACE_MS - Date.now();
    if (wait > 0) await page.waitForTimeout(wait);
    await page.keyboard.type(code);
    await page.keyboard.press("Enter");
  }
  await expect(verdict).toContainText(codes.at(-1)!);
  const lastVerdict = Date.now();
  // The line has paused: the list is fetched once, after the quiet second.
  await expect.poll(() => listCalls.filter((at) => at >= lastVerdict).length, { timeout: 20_000 }).toBe(1);
  await page.waitForTimeout(2 * QUIET_MS);
  expect(
    listCalls.filter((at) => at >= lastVerdict),
    "list calls after the line paused",
  ).toHaveLength(1);

  const shown = await page.evaluate<number[]>("window.__verdictsAt");
  const listed = await page.evaluate<number[]>(
    `performance.getEntriesByType("resource").filter((entry) => entry.name.includes("${LIST_PATH}")).map((entry) => entry.startTime)`,
  );
  expect(shown.length, "verdicts shown").toBeGreaterThanOrEqual(codes.length);
  expect(shown.at(-1)! - shown[0], "the line ran longer than 10 s").toBeGreaterThan(10_000);
  const whileScanning = listed.filter((at) => {
    const before = shown.filter((verdictAt) => verdictAt <= at).at(-1);
    return before !== undefined && at < shown.at(-1)! && at - before < QUIET_MS;
  });
  expect(whileScanning, "list calls less than a quiet second after a verdict").toEqual([]);
});
