// The ledger module on the real manifest's trace_codes: an event and the state it sets are one
// write (both or neither), the history cannot be rewritten, and a code's timeline is a query of
// the events, oldest first.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import { contract } from "../../generated/contract.gen";
import { CodeStatus } from "./event-vocabulary";
import { bizTransactionsOf, eventCodes, issueCodes, recordEvent, timeline } from "./ledger";
import type { ActivateEvent } from "./ledger-event";

let app: FastifyInstance;
let now = Date.parse("2024-06-01T08:00:00Z");
const ctx = () => app.consoleContext;
const all = async (sql: string, params: unknown[] = []) =>
  await ctx().store.all<Record<string, unknown>>(sql, params as never[]);
const stateOf = async (code: string) =>
  (await all(`SELECT code, status, parent_code, work_order_id, batch_no FROM trace_codes WHERE code = ?`, [code]))[0];
const ledgerRows = async () => ({
  events: await all(`SELECT * FROM _ledger_events ORDER BY id`),
  codes: await all(`SELECT * FROM _ledger_event_codes ORDER BY event_id, code`),
  transactions: await all(`SELECT * FROM _ledger_biz_transactions ORDER BY event_id`),
});
let serial = 0;
const activation = (codes: string[]): ActivateEvent => ({
  kind: "activate",
  codes,
  workOrderId: 1,
  lot: null,
  productionDate: null,
  expiryDate: null,
  bizTransactions: [{ type: "prodorder", value: "WO1" }],
  operator: null,
});
const draw = () => `LG${String(++serial).padStart(6, "0")}`;

beforeAll(async () => {
  app = await buildApp({ contract, dbFile: ":memory:", seed: false, clock: () => now, docs: false });
  await app.ready();
  await ctx().store.run(
    `INSERT INTO production_orders (order_no, batch_no, planned_qty, production_date, status) VALUES ('WO1', 'L240601', 10, '2024-06-01', 'in_progress')`,
  );
});
afterAll(() => app.close());

describe("issueCodes", () => {
  it("inserts the codes and one issue event naming them, with the operator and the clock's times", async () => {
    const codes = await issueCodes(ctx(), { kind: "issue", operator: "admin", reason: null }, 3, draw, {
      status: CodeStatus.generated,
      code_type: "item",
    });
    expect(codes).toEqual(["LG000001", "LG000002", "LG000003"]);
    const states: unknown[] = [];
    for (const code of codes) states.push(await stateOf(code));
    expect(states).toEqual(
      codes.map((code) => ({ code, status: "generated", parent_code: null, work_order_id: null, batch_no: null })),
    );
    // The schema's defaults apply as to any create: a new code has been scanned 0 times.
    const counts = await all(`SELECT scan_count FROM trace_codes WHERE code IN (?, ?, ?)`, codes);
    expect(counts).toEqual(codes.map(() => ({ scan_count: 0 })));
    const [event] = await all(
      `SELECT kind, event_type, action, biz_step, disposition, code_count, event_time, recorded_time, operator FROM _ledger_events`,
    );
    expect(event).toEqual({
      kind: "issue",
      event_type: "ObjectEvent",
      action: "OBSERVE",
      biz_step: "encoding",
      disposition: "encoded",
      code_count: 3,
      event_time: "2024-06-01T08:00:00Z",
      recorded_time: "2024-06-01T08:00:00Z",
      operator: "admin",
    });
  });

  it("a drawn code that already exists is drawn again: codes stay unique", async () => {
    const repeats = ["LG000001", "LG000001", "NEW0001", "NEW0002"];
    const codes = await issueCodes(
      ctx(),
      { kind: "import", operator: null, reason: "imported" },
      1,
      () => repeats.shift()!,
      {
        status: CodeStatus.generated,
        code_type: "item",
      },
    );
    // LG000001 is taken: drawn twice and refused twice by the unique index, then NEW0001.
    expect(codes).toEqual(["NEW0001"]);
    expect(await all(`SELECT count(*) AS n FROM trace_codes WHERE code = 'LG000001'`)).toEqual([{ n: 1 }]);
  });
});

describe("recordEvent", () => {
  it("appends the event (codes, bizTransactions, ilmd) and sets the state of every code it names", async () => {
    now = Date.parse("2024-06-01T09:00:00Z");
    const id = await recordEvent(
      ctx(),
      {
        kind: "activate",
        codes: ["LG000001", "LG000002"],
        workOrderId: 1,
        lot: "L240601",
        productionDate: "2024-06-01",
        expiryDate: "2025-06-01",
        bizTransactions: [{ type: "prodorder", value: "WO1" }],
        eventTime: "2024-06-01T08:55:00Z",
        operator: "line1",
      },
      { status: CodeStatus.activated, work_order_id: 1, batch_no: "L240601" },
    );
    expect(await stateOf("LG000001")).toEqual({
      code: "LG000001",
      status: "activated",
      parent_code: null,
      work_order_id: 1,
      batch_no: "L240601",
    });
    expect(await stateOf("LG000003")).toMatchObject({ status: "generated", work_order_id: null });
    expect(await eventCodes(ctx(), id)).toEqual(["LG000001", "LG000002"]);
    expect(await bizTransactionsOf(ctx(), id)).toEqual([{ type: "prodorder", value: "WO1" }]);
    expect(
      await all(
        `SELECT event_type, action, biz_step, lot, expiry_date, event_time, recorded_time FROM _ledger_events WHERE id = ?`,
        [id],
      ),
    ).toEqual([
      {
        event_type: "ObjectEvent",
        action: "ADD",
        biz_step: "commissioning",
        lot: "L240601",
        expiry_date: "2025-06-01",
        event_time: "2024-06-01T08:55:00Z",
        recorded_time: "2024-06-01T09:00:00Z",
      },
    ]);
  });

  it("refuses a code outside the event's starting states or unknown, and then writes nothing at all", async () => {
    const before = { ledger: await ledgerRows(), codes: await all(`SELECT * FROM trace_codes ORDER BY id`) };
    const activate = (codes: string[]) => recordEvent(ctx(), activation(codes), { status: CodeStatus.activated });
    // LG000003 would pass; LG000001 (already activated) fails the whole event.
    await expect(activate(["LG000003", "LG000001"])).rejects.toThrow("activate: LG000001 is activated, not generated");
    await expect(activate(["LG000003", "NOPE"])).rejects.toThrow("activate: NOPE is not a known trace code");
    expect({ ledger: await ledgerRows(), codes: await all(`SELECT * FROM trace_codes ORDER BY id`) }).toEqual(before);
  });

  it("an aggregation names its parent; the parent's timeline shows it, and so do the children's", async () => {
    now = Date.parse("2024-06-01T10:00:00Z");
    await recordEvent(ctx(), activation(["LG000003"]), { status: CodeStatus.activated });
    await recordEvent(
      ctx(),
      { kind: "pack", codes: ["LG000001", "LG000002"], parentCode: "LG000003", operator: "line1" },
      { status: CodeStatus.packed, parent_code: "LG000003" },
    );
    expect(await stateOf("LG000002")).toMatchObject({ status: "packed", parent_code: "LG000003" });
    expect(
      (await timeline(ctx(), "LG000001")).map((event) => [
        event.kind,
        event.event_type,
        event.action,
        event.parent_code,
      ]),
    ).toEqual([
      ["issue", "ObjectEvent", "OBSERVE", null],
      ["activate", "ObjectEvent", "ADD", null],
      ["pack", "AggregationEvent", "ADD", "LG000003"],
    ]);
    expect((await timeline(ctx(), "LG000003")).map((event) => event.kind)).toEqual(["issue", "activate", "pack"]);
  });

  it("the timeline is ordered by event time, not by when the event was recorded", async () => {
    now = Date.parse("2024-06-01T11:00:00Z");
    await recordEvent(
      ctx(),
      { kind: "void", codes: ["NEW0001"], reason: "misprint", eventTime: "2024-06-01T07:00:00Z", operator: null },
      { status: CodeStatus.voided, void_reason: "misprint" },
    );
    expect((await timeline(ctx(), "NEW0001")).map((event) => [event.kind, event.event_time])).toEqual([
      ["void", "2024-06-01T07:00:00Z"],
      ["import", "2024-06-01T08:00:00Z"],
    ]);
  });
});

describe("append-only", () => {
  it("no event, event code or bizTransaction row can be updated or deleted", async () => {
    const before = await ledgerRows();
    const store = ctx().store;
    await expect(store.run(`UPDATE _ledger_events SET kind = 'void'`)).rejects.toThrow(/append-only/);
    await expect(store.run(`DELETE FROM _ledger_events`)).rejects.toThrow(/append-only/);
    await expect(store.run(`UPDATE _ledger_event_codes SET code = 'X'`)).rejects.toThrow(/append-only/);
    await expect(store.run(`DELETE FROM _ledger_event_codes`)).rejects.toThrow(/append-only/);
    await expect(store.run(`DELETE FROM _ledger_biz_transactions`)).rejects.toThrow(/append-only/);
    expect(await ledgerRows()).toEqual(before);
  });
});
