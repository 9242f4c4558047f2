// 包装工位 children first on the real contract: a scanned item is checked and held (nothing written),
// refusals name why (packed elsewhere, held twice, not activated, more than a box takes), and the
// box's label closes the held items into it — each a packing event and a packaging_links row — or,
// when one of them cannot go in, none of them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { logisticsStock, type Stock } from "../../test-fixtures/logistics-stock";
import { timeline } from "../ledger/ledger";

let chain: ChainApp;
let s: Stock;

const scan = (code: string, held: string[] = []) =>
  chain.post("/api/plant/packaginglinks/packheld", { order_id: s.workOrderId, level: "box", child_code: code, held });
const stateOf = async (code: string) =>
  (await chain.all(`SELECT status, parent_code FROM trace_codes WHERE code = ?`, [code]))[0];

async function expectRefused(made: ReturnType<typeof scan>, status: number, field: string, rule: string | RegExp) {
  const before = await chain.snapshot();
  const body = (await made) as { status_code: number; errors?: Record<string, string> };
  expect(body).toMatchObject({ status_code: status });
  expect(Object.keys(body.errors ?? {})).toEqual([field]);
  expect(body.errors![field]).toMatch(rule);
  expect(await chain.snapshot()).toEqual(before);
}

beforeAll(async () => {
  chain = await chainApp();
  s = await logisticsStock(chain);
}, 120_000);
afterAll(() => chain.app.close());

describe("packing children first (packaging_links pack_held)", () => {
  it("holds a loose item without writing anything, and says how many a box takes", async () => {
    const before = await chain.snapshot();
    const body = await scan(s.I[7]);
    expect(body.data).toEqual({ held: s.I[7], count: 1, capacity: 3 });
    expect(await chain.snapshot()).toEqual(before);
  });

  it("refuses what cannot go into a box, naming why", async () => {
    await expectRefused(
      scan(s.I[7], [s.I[7]]),
      409,
      "child_code",
      `${s.I[7]} was already scanned for the next package`,
    );
    await expectRefused(scan(s.I[0]), 409, "child_code", `${s.I[0]} is already packed in ${s.B[0]}`);
    await expectRefused(scan(s.I[12]), 409, "child_code", `${s.I[12]} is not activated`);
    await expectRefused(
      scan(s.I[7], ["H1", "H2", "H3"]),
      409,
      "child_code",
      "3 codes are held, as many as one box takes; scan the box's label to close them in",
    );
    await expectRefused(scan(s.B[3]), 400, "held", `scan the codes that go into ${s.B[3]} first, then its label`);
    await expectRefused(scan("NOSUCH"), 400, "child_code", "NOSUCH is not a known trace code");
  });

  it("the box's label closes the held items into it: a packing event and a link row each", async () => {
    const body = await scan(s.B[3], [s.I[7], s.I[8]]);
    expect(body.data).toEqual({ closed: s.B[3], packed: 2 });
    for (const item of [s.I[7], s.I[8]]) {
      expect(await stateOf(item)).toEqual({ status: "packed", parent_code: s.B[3] });
      expect((await timeline(chain.app.consoleContext, item)).at(-1)).toMatchObject({
        kind: "pack",
        parent_code: s.B[3],
      });
    }
    expect(
      await chain.all(`SELECT child_code, level, order_id FROM packaging_links WHERE parent_code = ? ORDER BY id`, [
        s.B[3],
      ]),
    ).toEqual([
      { child_code: s.I[7], level: "box", order_id: s.workOrderId },
      { child_code: s.I[8], level: "box", order_id: s.workOrderId },
    ]);
  });

  it("closes none of them when one cannot go in", async () => {
    await expectRefused(scan(s.B[3], [s.I[9], s.I[0]]), 409, "child_code", `${s.I[0]} is already packed in ${s.B[0]}`);
    expect(await stateOf(s.I[9])).toEqual({ status: "activated", parent_code: null });
  });
});
