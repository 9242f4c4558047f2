// Waybills raced: one box scanned onto two drafts at once, a case and the box inside it onto two
// drafts at once, and one waybill confirmed twice at once. On PostgreSQL only the row locks (the
// code and the packages above it when it goes onto a draft; the waybill's row when an action runs
// on it) keep one winner; on SQLite one writer runs at a time. The losers get the refusal an
// unraced second call gets, and the ledger replays to the stored state.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { draftWaybill, logisticsStock, type Stock } from "../../test-fixtures/logistics-stock";
import { replayMismatches } from "../../test-fixtures/ledger-replay";

let chain: ChainApp;
let s: Stock;

const add = (waybill_id: number, code: string) => chain.post("/api/physical/waybillcodes/add", { waybill_id, code });
const ship = (id: number) => chain.post("/api/physical/waybills/ship", { id });
type Answer = Awaited<ReturnType<typeof add>>;
const outcome = (body: Answer) => ({
  status: body.status_code,
  code: body.code,
  fields: Object.keys(body.errors ?? {}),
});
const drafts = async (count: number) => {
  const made: { id: number; no: string }[] = [];
  for (let index = 0; index < count; index += 1) made.push(await draftWaybill(chain, s, s.dealers[index % 2]));
  return made;
};
const rowsNaming = async (codes: readonly string[]) =>
  (
    await chain.all(`SELECT COUNT(*) AS n FROM waybill_codes WHERE code IN (${codes.map(() => "?").join(", ")})`, [
      ...codes,
    ])
  )[0].n;

beforeAll(async () => {
  chain = await chainApp();
  s = await logisticsStock(chain);
}, 120_000);
afterAll(() => chain.app.close());

describe("waybill races", () => {
  it("puts one box raced onto four drafts on one of them; the others get the refusal of an unraced second add", async () => {
    const racing = await drafts(5);
    const answers = await Promise.all(racing.slice(0, 4).map((waybill) => add(waybill.id, s.B[5])));
    expect(answers.filter((body) => body.code === 0)).toHaveLength(1);
    const again = outcome(await add(racing[4].id, s.B[5]));
    expect(again).toMatchObject({ status: 409, fields: ["code"] });
    expect(answers.filter((body) => body.code !== 0).map(outcome)).toEqual([again, again, again]);
    expect(await rowsNaming([s.B[5]])).toBe(1);
  });

  it("puts a case and the box inside it, raced onto two drafts, on one draft only", async () => {
    const [first, second] = await drafts(2);
    const answers = await Promise.all([add(first.id, s.C[1]), add(second.id, s.B[2])]);
    expect(answers.map((body) => body.code === 0).sort()).toEqual([false, true]);
    expect(outcome(answers.find((body) => body.code !== 0)!)).toMatchObject({ status: 409, fields: ["code"] });
    expect(await rowsNaming([s.C[1], s.B[2]])).toBe(1);
  });

  it("ships a waybill confirmed four times at once once: one ship event, the others refused as not a draft", async () => {
    const [waybill] = await drafts(1);
    expect((await add(waybill.id, s.B[6])).code).toBe(0);
    const answers = await Promise.all([1, 2, 3, 4].map(() => ship(waybill.id)));
    expect(answers.filter((body) => body.code === 0)).toHaveLength(1);
    const again = outcome(await ship(waybill.id));
    expect(again.status).toBe(409);
    expect(answers.filter((body) => body.code !== 0).map(outcome)).toEqual([again, again, again]);
    const shipped = await chain.all(
      `SELECT COUNT(*) AS n FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id WHERE e.kind = 'ship' AND c.code = ?`,
      [s.B[6]],
    );
    expect(shipped).toEqual([{ n: 1 }]);
    expect(await replayMismatches(chain.all, [s.B[6]])).toEqual([]);
  });
});
