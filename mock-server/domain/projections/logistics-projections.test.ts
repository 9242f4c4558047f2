// The logistics reports are projections of the ledger: on the seeded chain (boxes
// and items shipped to two dealers, one reduced, one exchanged, one unbound, a draft, returns), each
// report call (inject) answers exactly what a replay of the raw ledger gives, computed here in
// TypeScript: packing/unpacking gives what a package held at each moment, a shipment moves its codes
// and their contents, a later void_shipping on the same bol takes back what it moves (what the codes
// it names hold then), a return brings its codes home. 仓库发货 counts no cancelled or unbound waybill and no reduced code.
// With a pallet and a case shipped (nested three and two levels), the per-level counts and the net
// in market still equal the replay, and a case returned and reshipped counts once, under its new dealer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { draftWaybill, logisticsStock } from "../../test-fixtures/logistics-stock";
import { call, envelope, login } from "../../test-fixtures/test-app";

type Row = Record<string, unknown>;
let chain: ChainApp;
let token: string;

const report = async (name: string): Promise<Row[]> => {
  const body = envelope(await call(chain.app, { url: `/api/report/${name}/query`, token, query: {} }));
  expect(body.code, body.message).toBe(0);
  return (body.data.list as Row[]).map((row) =>
    Object.fromEntries(Object.entries(row).filter(([key]) => key !== "id" && !key.endsWith("_label"))),
  );
};

interface Unit {
  readonly eventId: number;
  readonly root: string;
  readonly code: string;
  readonly day: string;
  readonly dealerId: number | null;
  readonly warehouseId: number | null;
  readonly bol?: string;
  readonly rma?: string;
}

/** The ledger replayed event by event: shipments that stand, returns, and each item's dealer now. */
async function replay() {
  const first = async (sql: string, params: unknown[]) => (await chain.all(sql, params))[0];
  const events = await chain.all(
    `SELECT id, kind, parent_code, event_time, biz_location FROM _ledger_events ORDER BY id`,
  );
  const codesOf = new Map<number, string[]>();
  for (const row of await chain.all(`SELECT event_id, code FROM _ledger_event_codes ORDER BY event_id, code`))
    codesOf.set(row.event_id as number, [...(codesOf.get(row.event_id as number) ?? []), row.code as string]);
  const dealerByCode = new Map(
    (await chain.all(`SELECT id, dealer_code FROM dealers`)).map((row) => [
      row.dealer_code as string,
      row.id as number,
    ]),
  );
  const warehouseByCode = new Map(
    (await chain.all(`SELECT id, warehouse_code FROM warehouses`)).map((row) => [
      row.warehouse_code as string,
      row.id as number,
    ]),
  );
  const transaction = async (eventId: number, type: string) =>
    (await first(`SELECT value FROM _ledger_biz_transactions WHERE event_id = ? AND type = ?`, [eventId, type]))
      ?.value as string | undefined;
  const party = async (eventId: number, direction: string) =>
    dealerByCode.get(
      (
        await first(
          `SELECT value FROM _ledger_parties WHERE event_id = ? AND direction = ? AND type = 'owning_party'`,
          [eventId, direction],
        )
      )?.value as string,
    ) ?? null;

  const parentOf = new Map<string, string>();
  const contents = (root: string): string[] => [
    root,
    ...[...parentOf].filter(([, parent]) => parent === root).flatMap(([child]) => contents(child)),
  ];
  let shipments: Unit[] = [];
  const returns: Unit[] = [];
  const dealerNow = new Map<string, { dealerId: number | null; bol: string | undefined }>();
  for (const event of events) {
    const id = event.id as number;
    const codes = codesOf.get(id) ?? [];
    const base = {
      eventId: id,
      day: (event.event_time as string).slice(0, 10),
      warehouseId: warehouseByCode.get(event.biz_location as string) ?? null,
    };
    if (event.kind === "pack") for (const code of codes) parentOf.set(code, event.parent_code as string);
    if (event.kind === "unpack") for (const code of codes) parentOf.delete(code);
    if (event.kind === "ship") {
      const bol = await transaction(id, "bol");
      const dealerId = await party(id, "destination");
      for (const root of codes)
        for (const code of contents(root)) {
          shipments.push({ ...base, root, code, dealerId, bol });
          dealerNow.set(code, { dealerId, bol });
        }
    }
    if (event.kind === "void_shipping") {
      const bol = await transaction(id, "bol");
      const taken = new Set(codes.flatMap((root) => contents(root)));
      shipments = shipments.filter((unit) => !(unit.bol === bol && taken.has(unit.code)));
      for (const code of taken) if (dealerNow.get(code)?.bol === bol) dealerNow.delete(code);
    }
    if (event.kind === "return") {
      const dealerId = await party(id, "source");
      const rma = await transaction(id, "rma");
      for (const root of codes)
        for (const code of contents(root)) {
          returns.push({ ...base, root, code, dealerId, rma });
          dealerNow.delete(code);
        }
    }
  }
  return { shipments, returns, dealerNow };
}

const levelOf = async () =>
  new Map(
    (await chain.all(`SELECT code, code_type, product_id FROM trace_codes`)).map((row) => [row.code as string, row]),
  );

/** Units summed per key, with the level counts the reports measure. */
async function sums(units: readonly Unit[], keyOf: (unit: Unit) => Row): Promise<Row[]> {
  const levels = await levelOf();
  const out = new Map<string, Row>();
  for (const unit of units) {
    const key = keyOf(unit);
    const id = JSON.stringify(key);
    const row = out.get(id) ?? { ...key, items: 0, boxes: 0, cases: 0, pallets: 0 };
    const level = levels.get(unit.code)?.code_type as string;
    const measure = level === "box" ? "boxes" : `${level}s`;
    row[measure] = (row[measure] as number) + 1;
    out.set(id, row);
  }
  return sorted([...out.values()]);
}

const sorted = (rows: Row[]) => [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
const total = (rows: Row[], field: string) => rows.reduce((sum, row) => sum + Number(row[field] ?? 0), 0);

/** 市场存量 as the replay has it: each item out there now, under the dealer it is attributed to, per product. */
async function marketFromReplay(): Promise<Row[]> {
  const levels = await levelOf();
  const expected = new Map<string, Row>();
  for (const [code, { dealerId }] of (await replay()).dealerNow) {
    const row = levels.get(code)!;
    if (row.code_type !== "item") continue;
    const key = JSON.stringify([dealerId, row.product_id]);
    const sum = expected.get(key) ?? { dealer_id: dealerId, product_id: row.product_id, items: 0 };
    sum.items = (sum.items as number) + 1;
    expected.set(key, sum);
  }
  return sorted([...expected.values()]);
}

beforeAll(async () => {
  chain = await chainApp();
  token = await login(chain.app, "admin");
}, 60_000);
afterAll(() => chain.app.close());

describe("logistics reports from the ledger", () => {
  it("仓库发货 equals a replay of the ledger per day, dealer and warehouse: boxes and the items inside them", async () => {
    const shipped = await report("shipmentsreport");
    const { shipments } = await replay();
    expect(total(shipped, "items")).toBeGreaterThan(0);
    expect(total(shipped, "boxes")).toBeGreaterThan(0);
    expect(sorted(shipped)).toEqual(
      await sums(shipments, (unit) => ({ day: unit.day, dealer_id: unit.dealerId, warehouse_id: unit.warehouseId })),
    );
  });

  it("仓库发货 counts no cancelled or unbound waybill and no code a reduction took back", async () => {
    const units = await chain.all(`SELECT waybill_id, code FROM shipment_units`);
    const unbound = (await chain.all(`SELECT id FROM waybills WHERE status IN ('unbound', 'cancelled')`)).map(
      (row) => row.id,
    );
    expect(unbound.length).toBeGreaterThan(0);
    expect(units.filter((unit) => unbound.includes(unit.waybill_id))).toEqual([]);
    const reduced = (await chain.all(`SELECT code FROM waybill_reductions`)).map((row) => row.code);
    let checked = 0;
    for (const code of reduced) {
      const since = (
        await chain.all(
          `SELECT COUNT(*) AS n FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id WHERE c.code = ? AND e.kind = 'ship'
         AND e.id > (SELECT MAX(v.id) FROM _ledger_events v JOIN _ledger_event_codes vc ON vc.event_id = v.id WHERE vc.code = ? AND v.kind = 'void_shipping')`,
          [code, code],
        )
      )[0].n as number;
      // Reduced and not shipped again since: no longer counted as shipped.
      if (since > 0) continue;
      expect(units.filter((unit) => unit.code === code)).toEqual([]);
      checked += 1;
    }
    expect(checked, "a seeded reduction not shipped again since").toBeGreaterThan(0);
  });

  it("each shipped waybill's counts (运单管理, 箱码查询) equal what the report counts on it", async () => {
    const waybills = await chain.all(
      `SELECT id, item_count, box_count FROM waybills WHERE status IN ('shipped', 'received')`,
    );
    expect(waybills.length).toBeGreaterThan(0);
    for (const waybill of waybills) {
      const [counted] = await chain.all(
        `SELECT COALESCE(SUM(items), 0) AS items, COALESCE(SUM(boxes), 0) AS boxes FROM shipment_units WHERE waybill_id = ?`,
        [waybill.id],
      );
      expect({ id: waybill.id, items: counted.items, boxes: counted.boxes }).toEqual({
        id: waybill.id,
        items: waybill.item_count,
        boxes: waybill.box_count,
      });
      const [listed] = await chain.all(
        `SELECT COALESCE(SUM(item_count), 0) AS items FROM waybill_codes WHERE waybill_id = ?`,
        [waybill.id],
      );
      expect(listed.items).toBe(waybill.item_count);
    }
  });

  it("退货报表 equals a replay per day, dealer and RMA; the returned items match the returns' recorded quantities", async () => {
    const returned = await report("phoenix");
    const { returns } = await replay();
    expect(total(returned, "items") + total(returned, "boxes")).toBeGreaterThan(0);
    expect(sorted(returned)).toEqual(
      await sums(returns, (unit) => ({ day: unit.day, dealer_id: unit.dealerId, rma: unit.rma ?? null })),
    );
    const recorded = await chain.all(
      `SELECT return_no, quantity FROM returns WHERE return_no IN (SELECT value FROM _ledger_biz_transactions WHERE type = 'rma')`,
    );
    for (const row of recorded)
      expect(
        total(
          returned.filter((r) => r.rma === row.return_no),
          "items",
        ),
      ).toBe(row.quantity);
  });

  it("a package counts what it held when it moved: a returned box freed and unpacked afterwards changes neither report", async () => {
    const box = (
      await chain.all(
        `SELECT code FROM trace_codes WHERE status = 'returned' AND code_type = 'box' AND EXISTS (SELECT 1 FROM trace_codes k WHERE k.parent_code = trace_codes.code) ORDER BY id LIMIT 1`,
      )
    )[0].code as string;
    const child = (await chain.all(`SELECT code FROM trace_codes WHERE parent_code = ? ORDER BY id LIMIT 1`, [box]))[0]
      .code as string;
    const [shippedBefore, returnedBefore] = [await report("shipmentsreport"), await report("phoenix")];
    const post = async (url: string, body: unknown) => {
      const answer = envelope(await call(chain.app, { method: "POST", url, body, token }));
      expect(answer.code, answer.message).toBe(0);
    };
    await post("/api/physical/returnunlinks/add", { code: box, reason: "复检合格" });
    await post("/api/plant/packagingunlinks/add", { code: child, reason: "拆箱" });
    expect((await chain.all(`SELECT parent_code FROM trace_codes WHERE code = ?`, [child]))[0].parent_code).toBeNull();
    expect(await report("shipmentsreport")).toEqual(shippedBefore);
    expect(await report("phoenix")).toEqual(returnedBefore);
    const { shipments, returns } = await replay();
    expect(shipments.some((unit) => unit.code === child && unit.root === box)).toBe(true);
    expect(returns.some((unit) => unit.code === child && unit.root === box)).toBe(true);
  });

  it("市场存量 (net in market) equals the replay's items attributed to each dealer now, each unit once", async () => {
    const market = await report("marketreport");
    expect(total(market, "items")).toBeGreaterThan(0);
    expect(sorted(market)).toEqual(await marketFromReplay());
  });
});

describe("a case and a pallet shipped (nested packages)", () => {
  /** The report's measures summed per dealer. */
  const perDealer = (rows: Row[]) => {
    const out: Record<string, Record<string, number>> = {};
    for (const row of rows) {
      const sum = (out[String(row.dealer_id)] ??= {});
      for (const measure of ["items", "boxes", "cases", "pallets"])
        if (measure in row) sum[measure] = (sum[measure] ?? 0) + Number(row[measure] ?? 0);
    }
    return out;
  };
  const delta = (after: Row[], before: Row[], dealer: number) => {
    const [a, b] = [perDealer(after)[String(dealer)] ?? {}, perDealer(before)[String(dealer)] ?? {}];
    return Object.fromEntries(
      Object.keys({ ...a, ...b }).map((measure) => [measure, (a[measure] ?? 0) - (b[measure] ?? 0)]),
    );
  };
  const expectLedger = async () => {
    const { shipments, returns, dealerNow } = await replay();
    const shipped = await report("shipmentsreport");
    expect(sorted(shipped)).toEqual(
      await sums(shipments, (unit) => ({ day: unit.day, dealer_id: unit.dealerId, warehouse_id: unit.warehouseId })),
    );
    expect(sorted(await report("phoenix"))).toEqual(
      await sums(returns, (unit) => ({ day: unit.day, dealer_id: unit.dealerId, rma: unit.rma ?? null })),
    );
    const market = await report("marketreport");
    expect(sorted(market)).toEqual(await marketFromReplay());
    // Each unit once: the market's items are as many as the distinct items out there now.
    const levels = await levelOf();
    expect(total(market, "items")).toBe(
      [...dealerNow.keys()].filter((code) => levels.get(code)!.code_type === "item").length,
    );
    return { shipped, market };
  };
  const must = async (url: string, body: unknown) => {
    const answer = envelope(await call(chain.app, { method: "POST", url, body, token }));
    expect(answer.code, answer.message).toBe(0);
    return answer.data;
  };
  const shipTo = async (dealer: number, codes: string[]) => {
    const waybill = await draftWaybill(chain, s, dealer);
    for (const code of codes) await must("/api/physical/waybillcodes/add", { waybill_id: waybill.id, code });
    await must("/api/physical/waybills/ship", { id: waybill.id });
    return waybill;
  };
  let s: Awaited<ReturnType<typeof logisticsStock>>;

  it("per-level counts (pallets, cases, boxes, items) and net in market equal the ledger's; a returned case reshipped counts once, under its new dealer", async () => {
    token = await login(chain.app, "admin");
    s = await logisticsStock(chain);
    const [A, B] = s.dealers;
    const before = await expectLedger();

    // A: pallet 0 (case 0: boxes 0-1, items 0-5). B: case 1 (box 2: item 6) and box 5 (item 10).
    await shipTo(A, [s.P[0]]);
    await shipTo(B, [s.C[1], s.B[5]]);
    const shipped = await expectLedger();
    expect(delta(shipped.shipped, before.shipped, A)).toEqual({ pallets: 1, cases: 1, boxes: 2, items: 6 });
    expect(delta(shipped.shipped, before.shipped, B)).toEqual({ pallets: 0, cases: 1, boxes: 2, items: 2 });
    expect(delta(shipped.market, before.market, A)).toEqual({ items: 6 });
    expect(delta(shipped.market, before.market, B)).toEqual({ items: 2 });

    // B returns case 1; freed and reshipped to A, its item counts in the market once, under A.
    await must("/api/physical/returns/add", {
      return_no: "RMA-NEST-1",
      dealer_id: B,
      warehouse_id: s.warehouse,
      codes: s.C[1],
      reason: "包装破损",
    });
    await must("/api/physical/returnunlinks/add", { code: s.C[1], reason: "复检合格" });
    await shipTo(A, [s.C[1]]);
    const reshipped = await expectLedger();
    // 仓库发货 keeps B's shipment (a return is its own report) and adds A's.
    expect(delta(reshipped.shipped, before.shipped, A)).toEqual({ pallets: 1, cases: 2, boxes: 3, items: 7 });
    expect(delta(reshipped.shipped, before.shipped, B)).toEqual({ pallets: 0, cases: 1, boxes: 2, items: 2 });
    expect(delta(reshipped.market, before.market, A)).toEqual({ items: 7 });
    expect(delta(reshipped.market, before.market, B)).toEqual({ items: 1 });
    const returned = (await report("phoenix")).filter((row) => row.rma === "RMA-NEST-1");
    expect(returned).toEqual([expect.objectContaining({ dealer_id: B, cases: 1, boxes: 1, items: 1, pallets: 0 })]);
  });

  it("a box returned out of the shipped pallet, a case opened at the dealer, then the pallet reduced: every report still equals the replay", async () => {
    const [A] = s.dealers;
    const before = await expectLedger();
    // A returns box 1 out of pallet 0's case 0: unpacked at the dealer, then received.
    await must("/api/physical/returns/add", {
      return_no: "RMA-NEST-2",
      dealer_id: A,
      warehouse_id: s.warehouse,
      codes: s.B[1],
      reason: "包装破损",
    });
    const partial = await expectLedger();
    expect(delta(partial.market, before.market, A)).toEqual({ items: -3 });
    expect(delta(partial.shipped, before.shipped, A)).toEqual({ pallets: 0, cases: 0, boxes: 0, items: 0 });
    // A opens case 0 and sells box 0 on its own; then the pallet comes off the waybill (减货).
    await must("/api/physical/dealerunpacks/add", { code: s.C[0], whole_package: true, reason: "拆箱零售" });
    await must("/api/physical/waybillreductions/add", { code: s.P[0], reason: "少发" });
    const reduced = await expectLedger();
    // The pallet and its case went back; box 0 and its items, opened at the dealer, stay shipped and in the market.
    expect(delta(reduced.shipped, partial.shipped, A)).toEqual({ pallets: -1, cases: -1, boxes: 0, items: 0 });
    expect(delta(reduced.market, partial.market, A)).toEqual({ items: 0 });
  });
});
