// The production reports are projections of the ledger: on a seeded chain, each report call
// (inject) answers exactly what a direct count of the ledger's rows gives, computed here in
// TypeScript from the raw events; work-order statistics count each level's codes apart; a replacement
// adds no output, re-binding adds none, a second day's output lands on that day; a pallet handed
// over counts as a pallet beside the cases, boxes and items it held then, and handover events
// recorded directly are counted as recorded.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { contract } from "../../generated/contract.gen";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { call, envelope, login } from "../../test-fixtures/test-app";
import { recordEvent } from "../ledger/ledger";
import { CODE_LEVELS, directSummary as recountSummary, ledgerRead, type Row } from "../../test-fixtures/ledger-recount";

let chain: ChainApp;
let token: string;

const report = async (name: string, query: Record<string, string> = {}): Promise<Row[]> => {
  const body = envelope(await call(chain.app, { url: `/api/report/${name}/query`, token, query }));
  expect(body.code, body.message).toBe(0);
  return (body.data.list as Row[]).map((row) =>
    Object.fromEntries(Object.entries(row).filter(([key]) => key !== "id" && !key.endsWith("_label"))),
  );
};

const ledger = () => ledgerRead(chain.all);
const directSummary = () => recountSummary(chain.all);

const total = (rows: Row[], field: string) => rows.reduce((sum, row) => sum + Number(row[field] ?? 0), 0);
const byKey = (rows: Row[]) =>
  [...rows].sort((a, b) =>
    JSON.stringify([a.day, a.product_id, a.line_id]).localeCompare(JSON.stringify([b.day, b.product_id, b.line_id])),
  );

beforeAll(async () => {
  chain = await chainApp();
  token = await login(chain.app, "admin");
}, 60_000);
afterAll(() => chain.app.close());

describe("production reports from the ledger", () => {
  it("the production summary (汇总报表) equals a direct count of the seeded ledger, with full and partial boxes", async () => {
    const summary = await report("collect");
    expect(total(summary, "items")).toBeGreaterThan(0);
    expect(total(summary, "boxes_partial")).toBeGreaterThan(0); // the seed's tail boxes
    expect(total(summary, "boxes_full")).toBeGreaterThan(0);
    expect(byKey(summary)).toEqual(await directSummary());
  });

  it("daily output per line (日生产报表) adds up to the same figures as the summary", async () => {
    const summary = await report("collect");
    const daily = await report("dateyield");
    for (const measure of ["items", "boxes_full", "boxes_partial"])
      expect(total(daily, measure)).toBe(total(summary, measure));
    for (const row of daily) {
      const same = summary.filter((s) => s.day === row.day && s.line_id === row.line_id);
      expect(row.items).toBe(total(same, "items"));
    }
  });

  it("work-order statistics: planned, actual = produced_qty = the ledger's item activations, %, codes used and voided per level", async () => {
    const stats = await report("productionorder");
    const { events, codes, orders } = await ledger();
    expect(stats.length).toBe(orders.size);
    for (const row of stats) {
      const id = row.work_order_id as number;
      const mine = events.filter((e) => e.work_order_id === id);
      const distinct = (kinds: string[], level?: string) =>
        new Set(
          mine
            .filter((e) => kinds.includes(e.kind))
            .flatMap((e) => e.codes)
            .filter((code) => !level || codes.get(code)?.code_type === level),
        ).size;
      const actual = distinct(["activate"], "item");
      const planned = Number(orders.get(id)!.planned_qty ?? 0);
      expect(row).toMatchObject({
        planned_qty: planned,
        actual_qty: actual,
        ...Object.fromEntries(
          CODE_LEVELS.flatMap(([level, column]) => [
            [`${column}_used`, distinct(["activate", "replace"], level)],
            [`${column}_voided`, distinct(["void"], level)],
          ]),
        ),
      });
      // Every level apart, and nothing but them: no column adds an item code to a pallet code.
      expect(row).not.toHaveProperty("codes_used");
      expect(CODE_LEVELS.reduce((sum, [, column]) => sum + Number(row[`${column}_used`]), 0)).toBe(
        distinct(["activate", "replace"]),
      );
      expect(row.completion_pct).toBe(planned > 0 ? Math.round((1000 * actual) / planned) / 10 : null);
      expect((await chain.all(`SELECT produced_qty FROM production_orders WHERE id = ?`, [id]))[0].produced_qty).toBe(
        actual,
      );
    }
    expect(total(stats, "actual_qty")).toBe(total(await report("collect"), "items"));
    // The seed's first work order packs items into boxes, a case and a pallet: four columns, not one sum.
    expect(stats.find((row) => Number(row.pallets_used) > 0)).toMatchObject({
      items_used: expect.any(Number),
      boxes_used: expect.any(Number),
      cases_used: 1,
      pallets_used: 1,
    });
  });

  it("a replacement is not output and re-binding is not production; a second day's output lands on that day", async () => {
    const before = await report("collect");
    const packed = await chain.all(
      `SELECT t.code, t.parent_code, t.work_order_id FROM trace_codes t WHERE t.status = 'packed' AND t.code_type = 'item' ORDER BY t.id LIMIT 2`,
    );
    const box = (
      await chain.all(
        `SELECT DISTINCT parent_code AS code FROM trace_codes WHERE status = 'packed' AND code_type = 'item' ORDER BY 1 LIMIT 1`,
      )
    )[0].code as string;
    const spareItem = (await chain.generated("item", 1)).codes[0];
    const spareBox = (await chain.generated("box", 1)).codes[0];
    const wo = await chain.workOrder("in_progress");
    const items = (await chain.generated("item", 4)).codes;
    chain.clock.now += 86_400_000; // the next day: sessions have idled out, so sign in again
    token = await login(chain.app, "admin");
    const post = async (url: string, body: unknown) => {
      const answer = envelope(await call(chain.app, { method: "POST", url, body, token }));
      expect(answer.code, answer.message).toBe(0);
    };
    await post("/api/plant/packagingreplacements/add", {
      old_code: packed[0].code,
      new_code: spareItem,
      reason: "标签破损",
    });
    await post("/api/plant/packagingunlinks/add", { code: packed[1].code, reason: "返工" });
    await post("/api/plant/packaginglinks/add", {
      parent_code: packed[1].parent_code,
      child_code: packed[1].code,
      level: "box",
      order_id: packed[1].work_order_id,
    });
    await post("/api/plant/packagingreplacements/add", { old_code: box, new_code: spareBox, reason: "标签破损" });
    const after = await report("collect");
    expect(byKey(after)).toEqual(byKey(before));
    expect(byKey(after)).toEqual(await directSummary());

    await post("/api/plant/codeactivations/add", {
      work_order_id: wo.id,
      level: "item",
      first_code: items[0],
      last_code: items[3],
    });
    const nextDay = new Date(chain.clock.now).toISOString().slice(0, 10);
    const later = await report("collect", { date_from: nextDay, date_to: nextDay });
    expect(total(later, "items")).toBe(4);
    expect(later.every((row) => row.day === nextDay)).toBe(true);
    expect(total(await report("collect"), "items")).toBe(total(before, "items") + 4);
    expect(byKey(await report("collect"))).toEqual(await directSummary());
  });

  it("handover (成品交接单) of a pallet: the pallet by its own level, apart from the cases, boxes and items it held then", async () => {
    expect(await report("connect")).toEqual([]);
    const pallet = (
      await chain.all(
        `SELECT code FROM trace_codes WHERE code_type = 'pallet' AND status = 'activated' AND EXISTS (SELECT 1 FROM trace_codes k WHERE k.parent_code = trace_codes.code) ORDER BY id LIMIT 1`,
      )
    )[0].code as string;
    const tree = async (code: string): Promise<Row[]> => {
      const children = await chain.all(`SELECT code, code_type FROM trace_codes WHERE parent_code = ? ORDER BY id`, [
        code,
      ]);
      const below: Row[] = [];
      for (const child of children) below.push(...(await tree(child.code as string)));
      return [...children, ...below];
    };
    const held = await tree(pallet);
    const count = (level: string) => held.filter((row) => row.code_type === level).length;
    const [line] = await chain.all(`SELECT id, line_code FROM production_lines ORDER BY id LIMIT 1`);
    const [warehouse] = await chain.all(`SELECT id, warehouse_code FROM warehouses ORDER BY id LIMIT 1`);
    const handed = envelope(
      await call(chain.app, {
        method: "POST",
        url: "/api/plant/handovers/add",
        body: { codes: pallet, line_id: line.id, warehouse_id: warehouse.id },
        token,
      }),
    );
    expect(handed.code, handed.message).toBe(0);
    const day = new Date(chain.clock.now).toISOString().slice(0, 10);
    const expected = {
      day,
      from_location: line.line_code,
      to_location: warehouse.warehouse_code,
      codes: 1,
      pallets: 1,
      cases: 0,
      boxes: 0,
      cases_inside: count("case"),
      boxes_inside: count("box"),
      items: count("item"),
    };
    expect(
      expected.cases_inside * expected.boxes_inside * expected.items,
      "a pallet of cases of boxes of items",
    ).toBeGreaterThan(0);
    expect(await report("connect")).toEqual([expected]);
    // What it held when it was handed over: an item taken out of its box afterwards changes nothing.
    const item = held.find((row) => row.code_type === "item")!.code as string;
    const unpacked = envelope(
      await call(chain.app, {
        method: "POST",
        url: "/api/plant/packagingunlinks/add",
        body: { code: item, reason: "返工" },
        token,
      }),
    );
    expect(unpacked.code, unpacked.message).toBe(0);
    expect(await report("connect")).toEqual([expected]);
  });

  it("handover (成品交接单) counts whatever handover events record: codes, the items they hold, per level and place", async () => {
    const before = await report("connect");
    const box = (
      await chain.all(
        `SELECT parent_code AS code, COUNT(*) AS n FROM trace_codes WHERE status = 'packed' AND code_type = 'item' GROUP BY parent_code ORDER BY parent_code LIMIT 1`,
      )
    )[0];
    const loose = (
      await chain.all(
        `SELECT code FROM trace_codes WHERE status = 'activated' AND code_type = 'item' ORDER BY id LIMIT 1`,
      )
    )[0].code as string;
    const ctx = chain.app.consoleContext;
    const day = new Date(chain.clock.now).toISOString().slice(0, 10);
    const handover = async (codes: string[], to: string) =>
      await recordEvent(ctx, { kind: "handover", codes, readPoint: "LINE-1", bizLocation: to, operator: "admin" }, {});
    await handover([box.code as string], "WH-A");
    await handover([loose], "WH-A");
    await handover([box.code as string], "WH-B");
    const none = { pallets: 0, cases: 0, cases_inside: 0, boxes_inside: 0 };
    expect(
      (await report("connect")).filter((row) => !before.some((old) => old.to_location === row.to_location)),
    ).toEqual([
      { day, from_location: "LINE-1", to_location: "WH-A", codes: 2, ...none, boxes: 1, items: (box.n as number) + 1 },
      { day, from_location: "LINE-1", to_location: "WH-B", codes: 1, ...none, boxes: 1, items: box.n },
    ]);
  });
});

describe("projections at start-up", () => {
  it("a resource naming a projection the server does not have stops the server", async () => {
    const resources = contract.resources.map((resource) =>
      resource.name === "production_output" ? { ...resource, projection: "production_outputs" } : resource,
    );
    await expect(
      buildApp({ contract: { ...contract, resources }, dbFile: ":memory:", seed: false, docs: false }),
    ).rejects.toThrow(
      /production_output: projection 'production_outputs' is not one of the server's ledger projections \(production_output, work_order_output, handover_output, duplicate_codes, shipment_units, return_units, market_units, code_traces, inspection_events, warning_units, epcis_subscriptions, epcis_capture_jobs\)/,
    );
  });
});
