// At a scanner's pace the browser has a few milliseconds per scan, so what a key and a scan draw is
// held here: a key typed into the scanner draws nothing of the station, and a scan draws its verdict
// and figures in one commit, but neither the station around them nor the list below; a box opening
// draws the setup it locks and the scanner's label, not the station, and the setup stays locked
// from one box to the next at a line's pace (react-commits.ts watches).
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "../shell/helpers";
import { tokenOf } from "../org/org-helpers";
import { commitMark, commitsSince, drawnLocation, watchCommits } from "./react-commits";
import { stationStock } from "./station-stock";

async function scan(page: Page, text: string) {
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press("Enter");
}

/** The station screen itself and the list below it, by their props. */
const STATION = "config,station";
const LIST = "config,readOnly";
const VERDICT = "store,waitingKey";
const SETUP = "fields,form,initialValues,store";
/** The setup's fields, drawn when they lock or unlock. */
const SETUP_FIELDS = "fields,form,initialValues,locked";
const SCANNER = "disabled,labelOf,onCommand,onScan,store";

test("packing station: a key draws nothing of the station; a scan draws its verdict in one commit, not the station nor the list; a box opening draws the setup and the scanner's label, not the station", async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, "admin");
  const stock = await stationStock(request, admin);
  const [box, nextBox] = await stock.fresh("box", 2);
  const items = await stock.fresh("item", 2);
  await watchCommits(page);
  await signIn(page, "admin", `/packingstation?order_id=${stock.workOrder}&level=box`);
  const verdict = page.locator(".station-verdict");
  await expect(page.locator(".station-scanner")).toBeFocused();
  // The list below has loaded: its own first answer is not a scan's doing.
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  await expect(page.locator(".ant-spin-spinning")).toHaveCount(0);
  // The list writes its page and order into the address once (refine's syncWithLocation, a
  // replaceState the router draws from its root, in a transition): on a slow host the address bar
  // had it before the box's scan and the router drew it after, so wait for the router's drawing.
  await expect(page).toHaveURL(/[?&]currentPage=1(&|$)/);
  await expect.poll(() => drawnLocation(page), { timeout: 20_000 }).toMatch(/[?&]currentPage=1(&|$)/);
  const scanner = page.locator(".station-scanner");
  await expect(scanner).toHaveAttribute("aria-label", "Scan: Parent code");
  await expect(page.locator(".ant-select-disabled")).toHaveCount(0);

  // The box: it locks the setup and asks for items, drawing those parts and not the station.
  const beforeBox = await commitMark(page);
  await scan(page, box);
  await expect(verdict).toHaveAttribute("data-verdict", "opened");
  await expect(page.getByTestId("station-fill")).toHaveText(/^0\/\d+$/);
  await expect(scanner).toHaveAttribute("aria-label", "Scan: Child code");
  await expect(page.locator(".ant-select-disabled"), "the setup's two selects locked").toHaveCount(2);
  const boxCommits = await commitsSince(page, beforeBox);
  const boxDrawn = boxCommits.flatMap((commit) => commit.drawn);
  // On failure, what drew it: the router's address in each commit (null: the router did not draw).
  expect(
    boxDrawn,
    `the station screen drawn again for a box's opening (router: ${JSON.stringify(boxCommits.map((commit) => commit.routerLocation))})`,
  ).not.toContain(STATION);
  expect(boxDrawn, "the setup drawn").toContain(SETUP);
  expect(boxDrawn, "the setup's fields drawn locked").toContain(SETUP_FIELDS);
  expect(boxDrawn, "the scanner's label drawn").toContain(SCANNER);

  // Keys: an item's code typed at scanner speed, not yet ended by Enter.
  const beforeKeys = await commitMark(page);
  await page.keyboard.type(items[0], { delay: 5 });
  await expect(page.locator(".station-scanner")).toHaveValue(items[0]);
  const keyCommits = await commitsSince(page, beforeKeys);
  expect(
    keyCommits.filter((commit) => commit.inStation > 0),
    "commits drawing the station while keys were typed",
  ).toEqual([]);

  // The scan: Enter, then its verdict. What was drawn up to the commit that showed it.
  const beforeScan = await commitMark(page);
  await page.keyboard.press("Enter");
  await expect(verdict).toHaveAttribute("data-verdict", "ok");
  await expect(verdict).toContainText(items[0]);
  const scanCommits = await commitsSince(page, beforeScan);
  const shown = scanCommits.findIndex((commit) => commit.verdictCode === items[0]);
  expect(shown, "a commit showed the item's verdict").toBeGreaterThanOrEqual(0);
  const drawn = scanCommits.slice(0, shown + 1).flatMap((commit) => commit.drawn);
  expect(drawn, "the station screen drawn again for a scan").not.toContain(STATION);
  expect(drawn, "the list below drawn again for a scan").not.toContain(LIST);
  expect(drawn, "the verdict drawn for the scan").toContain(VERDICT);

  // A second scan the same: the first scan left nothing that draws the station on the next.
  const beforeSecond = await commitMark(page);
  await scan(page, items[1]);
  await expect(verdict).toContainText(items[1]);
  const secondCommits = await commitsSince(page, beforeSecond);
  const second = secondCommits.slice(0, secondCommits.findIndex((commit) => commit.verdictCode === items[1]) + 1);
  expect(second.flatMap((commit) => commit.drawn)).not.toContain(STATION);
  expect(second.flatMap((commit) => commit.drawn)).toContain(VERDICT);
  // Its whole way (queued, sent, answered) is one commit, the verdict's: the queue's notice, not up
  // for a scan that goes straight through, is not drawn again as the scan comes and goes.
  expect(
    second.filter((commit) => commit.inStation > 0).map((commit) => commit.drawn),
    "commits drawing the station's parts for one scan",
  ).toHaveLength(1);

  // A box closed (F8) and the next one scanned at once, as a line does: the setup stays locked
  // between them, its fields not drawn unlocked and locked again.
  const beforeNext = await commitMark(page);
  await page.keyboard.press("F8");
  await page.keyboard.insertText(nextBox);
  await page.keyboard.press("Enter");
  await expect(verdict).toHaveAttribute("data-verdict", "opened");
  await expect(verdict).toContainText(nextBox);
  const nextDrawn = (await commitsSince(page, beforeNext)).flatMap((commit) => commit.drawn);
  expect(nextDrawn, "the setup's fields drawn between two boxes").not.toContain(SETUP_FIELDS);
  // Closed, and the line pauses: the setup unlocks.
  await page.keyboard.press("F8");
  await expect(page.getByTestId("station-unit")).toContainText("No parent open");
  await expect(page.locator(".ant-select-disabled"), "the setup unlocked once the line paused").toHaveCount(0);
});
