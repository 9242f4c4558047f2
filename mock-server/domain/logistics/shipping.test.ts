// Waybills on the ledger on the real contract: codes of any level onto a
// draft, every refusal naming what is wrong with every table of the chain unchanged, counts per
// level with the hierarchy expanded, shipping as one ledger event that attributes everything
// inside to the waybill and dealer, and reduction, exchange, unbinding and cancelling moving it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { draftWaybill, logisticsStock, type Stock } from "../../test-fixtures/logistics-stock";
import { attributionOf } from "./attribution";
import { bizTransactionsOf, eventCodes, partiesOf, timeline } from "../ledger/ledger";

let chain: ChainApp;
let s: Stock;
let W1: { id: number; no: string }; // dealer 0: pallet 0 and item 7, shipped
let W2: { id: number; no: string }; // dealer 1: case 1 and item 8, shipped
let W3: { id: number; no: string }; // dealer 1: stays a draft, then cancelled

const add = (waybill_id: number, code: string) => chain.post("/api/physical/waybillcodes/add", { waybill_id, code });
const ship = (id: number) => chain.post("/api/physical/waybills/ship", { id });
const reduce = (code: string) => chain.post("/api/physical/waybillreductions/add", { code, reason: "客户少要" });
const exchange = (old_code: string, new_code: string) =>
  chain.post("/api/physical/waybillexchanges/add", { old_code, new_code, reason: "外箱破损" });
const unbind = (code: string) => chain.post("/api/physical/waybillunlinks/add", { code, reason: "司机未提货" });
const stateOf = async (code: string) =>
  (await chain.all(`SELECT status, parent_code, waybill_id, dealer_id FROM trace_codes WHERE code = ?`, [code]))[0];
const waybill = async (id: number) =>
  (
    await chain.all(
      `SELECT status, item_count, box_count, case_count, pallet_count, dealer_id FROM waybills WHERE id = ?`,
      [id],
    )
  )[0];
const lastEvent = async (code: string) => (await timeline(chain.app.consoleContext, code)).at(-1)!;
const dealerCode = async (id: number) =>
  (await chain.all(`SELECT dealer_code FROM dealers WHERE id = ?`, [id]))[0].dealer_code;

async function expectRefused(
  made: Promise<{ status_code: number; errors?: Record<string, string> }>,
  status: number,
  field: string,
  rule: string | RegExp,
) {
  const before = await chain.snapshot();
  const body = await made;
  expect(body).toMatchObject({ status_code: status });
  expect(Object.keys(body.errors ?? {})).toEqual([field]);
  expect(body.errors![field]).toMatch(rule);
  expect(await chain.snapshot()).toEqual(before);
}

beforeAll(async () => {
  chain = await chainApp();
  s = await logisticsStock(chain);
  W1 = await draftWaybill(chain, s, s.dealers[0]);
  W2 = await draftWaybill(chain, s, s.dealers[1]);
  W3 = await draftWaybill(chain, s, s.dealers[1]);
}, 120_000);
afterAll(() => chain.app.close());

describe("adding codes to a draft waybill (waybill_codes create)", () => {
  it("refuses an unknown, a not activated and a voided code", async () => {
    await expectRefused(add(W1.id, "NOSUCH"), 400, "code", "NOSUCH is not a known trace code");
    await expectRefused(add(W1.id, s.I[12]), 409, "code", `${s.I[12]} is not activated`);
    await expectRefused(add(W1.id, s.B[4]), 409, "code", `${s.B[4]} is voided`);
  });

  it("refuses a packed item naming its box, a packed box naming its case, and an empty box", async () => {
    await expectRefused(
      add(W1.id, s.I[0]),
      409,
      "code",
      `${s.I[0]} is packed in box ${s.B[0]}; ship the box, or unpack ${s.I[0]} first`,
    );
    await expectRefused(
      add(W1.id, s.B[0]),
      409,
      "code",
      `${s.B[0]} is packed in case ${s.C[0]}; ship the case, or unpack ${s.B[0]} first`,
    );
    await expectRefused(add(W1.id, s.B[3]), 409, "code", `${s.B[3]} is an empty box: it holds no items`);
  });

  it("adds a pallet and a loose item; the counts expand the hierarchy (a pallet counts its cases, boxes and items)", async () => {
    const body = await add(W1.id, s.P[0]);
    expect(body.data).toMatchObject({
      code: s.P[0],
      code_type: "pallet",
      item_count: 6,
      dealer_id: s.dealers[0],
      operator: "admin",
    });
    expect((await add(W1.id, s.I[7])).code).toBe(0);
    expect(await waybill(W1.id)).toMatchObject({
      status: "pending",
      pallet_count: 1,
      case_count: 1,
      box_count: 2,
      item_count: 7,
    });
    // Nothing is attributed before shipping.
    expect(await stateOf(s.I[0])).toMatchObject({ status: "packed", waybill_id: null, dealer_id: null });
  });

  it("refuses a code already on a waybill (named), a code inside a package on a waybill (package and waybill named)", async () => {
    await expectRefused(add(W2.id, s.I[7]), 409, "code", `${s.I[7]} is already on waybill ${W1.no}`);
    await expectRefused(add(W1.id, s.I[7]), 409, "code", `${s.I[7]} is already on waybill ${W1.no}`);
    await expectRefused(
      add(W2.id, s.I[0]),
      409,
      "code",
      `${s.I[0]} is inside ${s.P[0]}, which is already on waybill ${W1.no}`,
    );
    await expectRefused(
      add(W2.id, s.C[0]),
      409,
      "code",
      `${s.C[0]} is inside ${s.P[0]}, which is already on waybill ${W1.no}`,
    );
  });

  it("refuses a package holding a code that is on a waybill", async () => {
    expect((await add(W2.id, s.I[8])).code).toBe(0);
    expect(
      (
        await chain.post("/api/plant/packaginglinks/add", {
          parent_code: s.B[2],
          child_code: s.I[8],
          level: "box",
          order_id: s.workOrderId,
        })
      ).code,
    ).toBe(0);
    await expectRefused(
      add(W3.id, s.C[1]),
      409,
      "code",
      `${s.C[1]} holds ${s.I[8]}, which is already on waybill ${W2.no}`,
    );
  });

  it("refuses a waybill that is not a draft, or does not exist", async () => {
    await expectRefused(add(999_999, s.I[9]), 400, "waybill_id", "no waybills record with id 999999");
  });
});

describe("shipping (waybills.ship)", () => {
  it("refuses an empty waybill, and one whose code was packed since it was added (nothing changed)", async () => {
    const empty = await draftWaybill(chain, s, s.dealers[0]);
    await expectRefused(ship(empty.id), 409, "id", `waybill ${empty.no} has no codes; add codes before shipping`);
    await expectRefused(
      ship(W2.id),
      409,
      "id",
      `${s.I[8]} is packed in box ${s.B[2]}; ship the box, or unpack ${s.I[8]} first`,
    );
  });

  it("ships: one ship event naming the waybill's own codes (bol, dealer as destination), everything inside attributed", async () => {
    const body = await ship(W1.id);
    expect(body.data).toMatchObject({ status: "shipped" });
    const event = await lastEvent(s.P[0]);
    expect(event).toMatchObject({
      kind: "ship",
      event_type: "ObjectEvent",
      action: "OBSERVE",
      biz_step: "shipping",
      disposition: "in_transit",
      operator: "admin",
    });
    expect(await eventCodes(chain.app.consoleContext, event.id)).toEqual([s.P[0], s.I[7]].sort());
    expect(await bizTransactionsOf(chain.app.consoleContext, event.id)).toEqual([{ type: "bol", value: W1.no }]);
    expect(await partiesOf(chain.app.consoleContext, event.id)).toContainEqual({
      direction: "destination",
      type: "owning_party",
      value: await dealerCode(s.dealers[0]),
    });
    for (const code of [s.P[0], s.C[0], s.B[0], s.B[1], s.I[0], s.I[5], s.I[7]])
      expect(await stateOf(code)).toMatchObject({ status: "shipped", waybill_id: W1.id, dealer_id: s.dealers[0] });
    expect((await stateOf(s.B[0])).parent_code).toBe(s.C[0]);
    expect(await attributionOf(chain.app.consoleContext, s.I[0])).toMatchObject({
      waybill_no: W1.no,
      dealer_id: s.dealers[0],
    });
  });

  it("refuses adding to a shipped waybill, and a code inside a shipped package (package and waybill named)", async () => {
    await expectRefused(
      add(W1.id, s.I[9]),
      409,
      "waybill_id",
      `waybill ${W1.no} is shipped; codes are added to a draft (pending) waybill only`,
    );
    await expectRefused(
      add(W3.id, s.B[1]),
      409,
      "code",
      `${s.B[1]} is inside ${s.P[0]}, which is already on waybill ${W1.no}`,
    );
  });

  it("a shipped waybill keeps its dealer and number, cannot be deleted, shipped again or cancelled", async () => {
    const before = await chain.snapshot();
    const moved = await chain.post("/api/physical/waybills/update", { id: W1.id, dealer_id: s.dealers[1] });
    expect(moved).toMatchObject({ status_code: 409, code: 40903 });
    expect(moved.message).toMatch(/dealer_id cannot change because it is shipped/);
    // Its codes refer to it, so it cannot be deleted either.
    expect(await chain.post("/api/physical/waybills/delete", { id: W1.id })).toMatchObject({
      status_code: 409,
      code: 40901,
    });
    expect((await ship(W1.id)).message).toMatch(/action ship does not apply: status is shipped/);
    expect((await chain.post("/api/physical/waybills/cancel", { id: W1.id })).message).toMatch(
      /action cancel does not apply: status is shipped/,
    );
    expect(await chain.snapshot()).toEqual(before);
    expect((await chain.post("/api/physical/waybills/update", { id: W1.id, remark: "加急" })).code).toBe(0);
  });
});

describe("reduction (waybill_reductions create)", () => {
  it("on a draft: the row goes, nothing was attributed; the waybill is recounted", async () => {
    expect((await reduce(s.I[8])).data).toMatchObject({ waybill_id: W2.id, quantity: 1, operator: "admin" });
    expect(await waybill(W2.id)).toMatchObject({ item_count: 0 });
    expect((await lastEvent(s.I[8])).kind).toBe("pack");
  });

  it("on a shipped waybill: back to stock (void_shipping with the original bol), no longer attributed to the dealer", async () => {
    expect((await reduce(s.I[7])).data).toMatchObject({ waybill_id: W1.id, quantity: 1 });
    expect(await stateOf(s.I[7])).toEqual({
      status: "activated",
      parent_code: null,
      waybill_id: null,
      dealer_id: null,
    });
    const event = await lastEvent(s.I[7]);
    expect(event).toMatchObject({ kind: "void_shipping", biz_step: "void_shipping", reason: "客户少要" });
    expect(await bizTransactionsOf(chain.app.consoleContext, event.id)).toEqual([{ type: "bol", value: W1.no }]);
    expect(await attributionOf(chain.app.consoleContext, s.I[7])).toBeNull();
    expect(await waybill(W1.id)).toMatchObject({ item_count: 6, pallet_count: 1 });
  });

  it("refuses a code inside a package on the waybill, a code on no waybill, an unknown code", async () => {
    await expectRefused(
      reduce(s.I[0]),
      409,
      "code",
      `${s.I[0]} is inside ${s.P[0]} on waybill ${W1.no}; change ${s.P[0]} instead`,
    );
    await expectRefused(reduce(s.I[7]), 409, "code", `${s.I[7]} is not on a draft or shipped waybill`);
    await expectRefused(reduce("NOSUCH"), 400, "code", "NOSUCH is not a known trace code");
  });
});

describe("exchange (waybill_exchanges create)", () => {
  it("on a shipped waybill: the old code back to stock, the new one shipped to the same dealer", async () => {
    expect((await add(W2.id, s.C[1])).code).toBe(0);
    expect((await add(W2.id, s.I[9])).code).toBe(0);
    expect((await ship(W2.id)).code).toBe(0);
    expect((await exchange(s.I[9], s.I[7])).data).toMatchObject({ waybill_id: W2.id });
    expect(await stateOf(s.I[9])).toMatchObject({ status: "activated", waybill_id: null });
    expect(await stateOf(s.I[7])).toMatchObject({ status: "shipped", waybill_id: W2.id, dealer_id: s.dealers[1] });
    expect((await timeline(chain.app.consoleContext, s.I[9])).map((e) => e.kind).slice(-2)).toEqual([
      "ship",
      "void_shipping",
    ]);
    expect(
      (await chain.all(`SELECT code FROM waybill_codes WHERE waybill_id = ? ORDER BY id`, [W2.id])).map(
        (row) => row.code,
      ),
    ).toEqual([s.C[1], s.I[7]]);
  });

  it("refuses a new code of another level, a new code already shipped, an old code on no waybill, the same code", async () => {
    await expectRefused(
      exchange(s.I[7], s.B[5]),
      400,
      "new_code",
      `${s.B[5]} is a box code; ${s.I[7]} is an item code, and an exchange keeps the level`,
    );
    await expectRefused(
      exchange(s.I[7], s.I[0]),
      409,
      "new_code",
      `${s.I[0]} is inside ${s.P[0]}, which is already on waybill ${W1.no}`,
    );
    await expectRefused(exchange(s.I[9], s.I[10]), 409, "old_code", `${s.I[9]} is not on a draft or shipped waybill`);
    await expectRefused(exchange(s.I[7], s.I[7]), 400, "new_code", "must differ from old_code");
  });
});

describe("unbinding (waybill_unlinks create) and cancelling a draft", () => {
  it("unbinds the whole waybill of a scanned code: everything back to stock, packaging intact, the waybill unbound", async () => {
    expect((await unbind(s.I[0])).data).toMatchObject({
      waybill_id: W1.id,
      dealer_id: s.dealers[0],
      operator: "admin",
    });
    expect(await waybill(W1.id)).toMatchObject({ status: "unbound" });
    expect(await stateOf(s.P[0])).toEqual({
      status: "activated",
      parent_code: null,
      waybill_id: null,
      dealer_id: null,
    });
    expect(await stateOf(s.I[0])).toEqual({ status: "packed", parent_code: s.B[0], waybill_id: null, dealer_id: null });
    const event = await lastEvent(s.P[0]);
    expect(event).toMatchObject({ kind: "void_shipping", reason: "司机未提货" });
    expect(await eventCodes(chain.app.consoleContext, event.id)).toEqual([s.P[0]]);
  });

  it("refuses a code on no shipped waybill, a code on a draft (cancel it instead)", async () => {
    await expectRefused(unbind(s.I[0]), 409, "code", `${s.I[0]} is not on a draft or shipped waybill`);
    expect((await add(W3.id, s.P[0])).code).toBe(0);
    await expectRefused(
      unbind(s.P[0]),
      409,
      "code",
      `${s.P[0]} is on waybill ${W3.no}, which is a draft (not shipped); cancel the draft instead of unbinding it`,
    );
  });

  it("cancelling a draft frees its codes for another waybill; a cancelled waybill does not ship", async () => {
    expect((await chain.post("/api/physical/waybills/cancel", { id: W3.id })).data).toMatchObject({
      status: "cancelled",
    });
    const before = await chain.snapshot();
    expect(await ship(W3.id)).toMatchObject({
      status_code: 409,
      message: "action ship does not apply: status is cancelled",
    });
    expect(await chain.snapshot()).toEqual(before);
    const next = await draftWaybill(chain, s, s.dealers[1]);
    expect((await add(next.id, s.P[0])).code).toBe(0);
  });
});

describe("reducing a package off a shipped waybill", () => {
  it("a box goes back to stock with every item inside it, still packed, attribution cleared; nothing else changes", async () => {
    // Free box 0 (items 0-2) for a waybill of its own: the draft holding the pallet is cancelled,
    // the box taken out of its case.
    const holder = await chain.all(
      `SELECT waybill_id FROM waybill_codes wc JOIN waybills w ON w.id = wc.waybill_id WHERE wc.code = ? AND w.status = 'pending'`,
      [s.P[0]],
    );
    for (const row of holder)
      expect((await chain.post("/api/physical/waybills/cancel", { id: row.waybill_id })).code).toBe(0);
    const unpacked = await chain.post("/api/plant/packagingunlinks/add", { code: s.B[0], reason: "拆箱" });
    expect(unpacked.code, unpacked.message).toBe(0);
    const W = await draftWaybill(chain, s, s.dealers[0]);
    for (const code of [s.B[0], s.I[9]]) expect((await add(W.id, code)).code).toBe(0);
    chain.clock.now += 60_000;
    expect((await ship(W.id)).code).toBe(0);
    const box = [s.B[0], s.I[0], s.I[1], s.I[2]];
    for (const code of box)
      expect(await stateOf(code)).toMatchObject({ status: "shipped", waybill_id: W.id, dealer_id: s.dealers[0] });
    expect(await waybill(W.id)).toMatchObject({ item_count: 4, box_count: 1 });

    chain.clock.now += 60_000;
    const before = await chain.snapshot();
    expect((await reduce(s.B[0])).data).toMatchObject({ waybill_id: W.id, quantity: 3 });
    const after = await chain.snapshot();

    expect(await stateOf(s.B[0])).toEqual({
      status: "activated",
      parent_code: null,
      waybill_id: null,
      dealer_id: null,
    });
    for (const item of box.slice(1)) {
      expect(await stateOf(item)).toEqual({ status: "packed", parent_code: s.B[0], waybill_id: null, dealer_id: null });
      expect(await attributionOf(chain.app.consoleContext, item)).toBeNull();
    }
    // The loose item beside it stays shipped; the waybill is recounted to it alone.
    expect(await stateOf(s.I[9])).toMatchObject({ status: "shipped", waybill_id: W.id, dealer_id: s.dealers[0] });
    expect(await attributionOf(chain.app.consoleContext, s.I[9])).toMatchObject({ waybill_no: W.no });
    expect(await waybill(W.id)).toMatchObject({ status: "shipped", item_count: 1, box_count: 0 });
    const event = await lastEvent(s.B[0]);
    expect(event).toMatchObject({ kind: "void_shipping", reason: "客户少要" });
    expect(await eventCodes(chain.app.consoleContext, event.id)).toEqual([s.B[0]]);
    expect(await bizTransactionsOf(chain.app.consoleContext, event.id)).toEqual([{ type: "bol", value: W.no }]);

    // Data otherwise unchanged: per table, the rows that differ are exactly the ones named here.
    const changed = (table: string) => {
      const key = (row: unknown) => JSON.stringify(row);
      const was = new Set(before[table].map(key));
      const now = new Set(after[table].map(key));
      return {
        gone: before[table].filter((row) => !now.has(key(row))),
        added: after[table].filter((row) => !was.has(key(row))),
      };
    };
    const untouched = [
      "packaging_links",
      "packaging_unlinks",
      "packaging_replacements",
      "handovers",
      "code_activations",
      "code_orders",
      "code_order_closures",
      "production_orders",
      "waybill_exchanges",
      "waybill_unlinks",
      "returns",
      "return_unlinks",
      "wms_errors",
    ];
    for (const table of untouched) expect(after[table], table).toEqual(before[table]);
    const codes = changed("trace_codes");
    expect(codes.gone.map((row) => (row as { code: string }).code).sort()).toEqual([...box].sort());
    expect(codes.added.map((row) => (row as { code: string }).code).sort()).toEqual([...box].sort());
    for (const row of codes.added as Record<string, unknown>[]) {
      const was = (codes.gone as Record<string, unknown>[]).find((old) => old.code === row.code)!;
      const moved = Object.keys(row).filter((column) => JSON.stringify(row[column]) !== JSON.stringify(was[column]));
      expect(
        moved.filter((column) => !["status", "waybill_id", "dealer_id", "shipped_at", "updated_at"].includes(column)),
        String(row.code),
      ).toEqual([]);
    }
    expect(changed("waybill_codes")).toEqual({
      gone: [expect.objectContaining({ waybill_id: W.id, code: s.B[0] })],
      added: [],
    });
    expect(changed("waybill_reductions")).toEqual({
      gone: [],
      added: [expect.objectContaining({ code: s.B[0], waybill_id: W.id, quantity: 3 })],
    });
    expect(changed("waybills")).toEqual({
      gone: [expect.objectContaining({ id: W.id })],
      added: [expect.objectContaining({ id: W.id, item_count: 1 })],
    });
    expect(changed("_ledger_events")).toEqual({ gone: [], added: [expect.objectContaining({ id: event.id })] });
  });
});
