// A page of the EPCIS query is sought on the ledger's own indexes, never by reading every event:
// a time-window page walks (event_time, id) from its keyset mark, a recordTime page
// (recorded_time, id), and an EPC's events start from _ledger_event_codes' (code, event_id) key.
// A dealer's page walks the same index and probes each row it reads by the event's id
// (_ledger_event_codes' event index, trace_codes' code key, the captured events' event index),
// never scanning a table. SQLite's plans, as chain-indexes.test.ts reads them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareDatabase } from "../../app";
import { createContext, type AppContext } from "../../context";
import { contract } from "../../generated/contract.gen";
import { resolveOptions } from "../../options";
import { observeEvent } from "../ledger/ledger";
import { eventPageSql } from "./event-query";
import { privateUri } from "./epcis-identifiers";
import { parseEventQuery } from "./query-parameters";
import type { QueryScope } from "./dealer-scope";

let ctx: AppContext;
beforeAll(async () => {
  ctx = createContext(resolveOptions({ contract, dbFile: ":memory:", seed: false, docs: false }));
  await prepareDatabase(ctx);
  // As a ledger is: many codes, each named by a few events, over a span of time.
  // A third of the codes shipped, across ten dealers.
  for (let code = 0; code < 300; code += 1)
    await ctx.store.run(
      `INSERT INTO trace_codes (code, code_type, status, dealer_id) VALUES (?, 'box', 'activated', ?)`,
      [`C${code}`, code % 3 === 0 ? (code % 10) + 1 : null],
    );
  for (let minute = 0; minute < 600; minute += 1)
    await observeEvent(ctx, {
      kind: "inspect",
      reason: "genuine",
      codes: [`C${minute % 300}`],
      readPoint: `geo:31.2,121.${minute}`,
      eventTime: new Date(Date.parse("2024-06-01T08:00:00Z") + minute * 60_000).toISOString().replace(".000Z", "Z"),
      operator: "plan",
    });
  // A product with a GTIN, whose items an SGTIN pattern selects.
  await ctx.store.run(
    `INSERT INTO products (id, product_code, product_name, brand_id, unit_id, status, barcode)
     VALUES (1, 'P1', 'Plan product', 1, 1, 'active', '6901234000016')`,
  );
  // As a ledger is: mostly items, of many products (only product 1 has a GTIN).
  await ctx.store.run(`UPDATE trace_codes SET code_type = 'item', product_id = 2 + id % 30`);
  await ctx.store.run(`UPDATE trace_codes SET product_id = 1 WHERE code IN ('C5', 'C6')`);
  await ctx.store.exec("ANALYZE");
});
afterAll(() => ctx.store.close());

async function planOf(query: Record<string, string>, scope: QueryScope = {}): Promise<string> {
  const { sql, params } = await eventPageSql(ctx, parseEventQuery(query), scope);
  const rows = await ctx.store.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, params as never[]);
  return rows.map((row) => row.detail).join(" ; ");
}

describe("EPCIS query plans", () => {
  it("a time-window page, past its keyset mark, walks the (event_time, id) index in order", async () => {
    const first = await ctx.store.all<{ id: number }>(`SELECT id FROM _ledger_events ORDER BY id LIMIT 1`);
    const mark = Buffer.from(
      JSON.stringify([
        "2024-06-01T08:05:00Z",
        first[0].id,
        parseEventQuery({ GE_eventTime: "2024-06-01T08:00:00Z", LT_eventTime: "2024-06-01T09:00:00Z", perPage: "5" })
          .fingerprint,
      ]),
    ).toString("base64url");
    const plan = await planOf({
      GE_eventTime: "2024-06-01T08:00:00Z",
      LT_eventTime: "2024-06-01T09:00:00Z",
      perPage: "5",
      nextPageToken: mark,
    });
    expect(plan).toMatch(
      /SEARCH e USING INDEX _ledger_events_time \(event_time>\? AND event_time<\?\)|SEARCH e USING INDEX _ledger_events_time/,
    );
    expect(plan).not.toMatch(/TEMP B-TREE/);
    expect(plan).not.toMatch(/SCAN e\b(?! USING INDEX)/);
  });

  it("a page by recordTime, newest first, walks the (recorded_time, id) index", async () => {
    const plan = await planOf({ orderBy: "recordTime", GE_recordTime: "2024-01-01T00:00:00Z" });
    expect(plan).toMatch(/USING INDEX _ledger_events_recorded/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it("an EPC's events start from the (code, event_id) key and reach each event by its id", async () => {
    const plan = await planOf({ MATCH_epc: privateUri("code", "C1") });
    expect(plan).toMatch(/USING (COVERING )?INDEX sqlite_autoindex__ledger_event_codes_1 \(code=\?\)/);
    expect(plan).toMatch(/SEARCH e USING INTEGER PRIMARY KEY \(rowid=\?\)/);
  });

  it("a dealer's time-window page walks (event_time, id) and probes each event by its id, scanning nothing", async () => {
    const dealer = { id: 1, dealer_code: "D1", dealer_name: "one" };
    const plan = await planOf(
      { GE_eventTime: "2024-06-01T08:00:00Z", LT_eventTime: "2024-06-01T09:00:00Z" },
      { dealer },
    );
    expect(plan).toMatch(/SEARCH e USING INDEX _ledger_events_time/);
    expect(plan).toMatch(/SEARCH dc USING (COVERING )?INDEX _ledger_event_codes_event \(event_id=\?\)/);
    expect(plan).toMatch(/SEARCH dt USING INDEX \S+ \(code=\?\)/);
    expect(plan).toMatch(/SEARCH dx USING INDEX _epcis_captured_events_event \(event_id=\?\)/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
    expect(plan).not.toMatch(/\bSCAN\b/);
  });

  it("a dealer's page by EPC still starts from the code's key", async () => {
    const dealer = { id: 1, dealer_code: "D1", dealer_name: "one" };
    const plan = await planOf({ MATCH_epc: privateUri("code", "C1") }, { dealer });
    expect(plan).toMatch(/USING (COVERING )?INDEX sqlite_autoindex__ledger_event_codes_1 \(code=\?\)/);
    expect(plan).toMatch(/SEARCH e USING INTEGER PRIMARY KEY \(rowid=\?\)/);
  });

  it("an SSCC pattern is prefix ranges of the (code, event_id) key, one per extension digit", async () => {
    const plan = await planOf({ MATCH_epc: "urn:epc:idpat:sscc:0614141.*" });
    expect(plan).toMatch(/USING (COVERING )?INDEX sqlite_autoindex__ledger_event_codes_1 \(code>\? AND code<\?\)/);
    expect(plan).not.toMatch(/SCAN ec\b/);
    const parents = await planOf({ MATCH_parentID: "urn:epc:idpat:sscc:0614141.*" });
    expect(parents).toMatch(/USING INDEX _ledger_events_parent \(parent_code>\? AND parent_code<\?\)/);
  });

  it("an SGTIN pattern reads its products' items by the product index, then their events by the code key", async () => {
    const plan = await planOf({ MATCH_epc: "urn:epc:idpat:sgtin:6901234.000001.*" });
    expect(plan).toMatch(/SEARCH c USING INDEX ix_trace_codes_product_id \(product_id=\?\)/);
    expect(plan).toMatch(/INDEX sqlite_autoindex__ledger_event_codes_1 \(code=\?\)/);
    expect(plan).not.toMatch(/SCAN (ec|c)\b/);
  });
});
