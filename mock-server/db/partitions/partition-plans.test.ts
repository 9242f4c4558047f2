// On PostgreSQL the growing tables are partitioned (growing-tables.ts), and their reads name only the
// partitions they need: PostgreSQL's plans, read from EXPLAIN (FORMAT JSON). SQLite keeps plain
// tables and its own plan tests (event-query-plans.test.ts, chain-indexes.test.ts, the scan's).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareDatabase } from "../../app";
import { createContext, type AppContext } from "../../context";
import { observeEvent } from "../../domain/ledger/ledger";
import { eventPageSql } from "../../domain/epcis/event-query";
import { parseEventQuery } from "../../domain/epcis/query-parameters";
import { contract } from "../../generated/contract.gen";
import { resolveOptions } from "../../options";
import { buildOrder, buildWhere } from "../../resources/list-sql";
import { planOf, type ReadNode } from "../../test-fixtures/pg-plans";
import { testDatabase, testEngine } from "../../test-fixtures/test-database";
import { openEngine } from "../engine/open-engine";
import { Store } from "../store";
import { convertToPartitionedLayout } from "./convert-layout";
import { CODE_PARTITIONS, hashPartition } from "./partition-ddl";

const CODES = 20_000;
const PAGE = 20;
/** The clock: partitions are made for November 2025 to June 2026 (MONTHS_BACK, MONTHS_AHEAD). */
const NOW = Date.parse("2026-03-15T12:00:00Z");

const partitionsOf = (reads: readonly ReadNode[], table: string): string[] =>
  [...new Set(reads.map((read) => read.table).filter((name) => name.startsWith(`${table}_`)))].sort();

// Made on the layout, or made plain and converted (convert-layout.ts), which gives the months its
// rows hold partitions of their own: the 2024 events' month among them.
describe.runIf(testEngine() === "postgres").each([
  { made: "a new database", converted: false, months2024: ["_ledger_events_default"] },
  {
    made: "a database converted from the plain layout",
    converted: true,
    months2024: ["_ledger_events_2024_05", "_ledger_events_default"],
  },
])("the partitioned layout's plans on PostgreSQL, on $made", ({ converted, months2024 }) => {
  let ctx: AppContext;

  beforeAll(async () => {
    const dbFile = await testDatabase();
    const options = resolveOptions({
      contract,
      dbFile,
      seed: false,
      docs: false,
      partitionedLayout: !converted,
      clock: () => NOW,
    });
    // The conversion refuses a database a listening store uses: this one listens for nothing.
    ctx = converted ? createContext(options, new Store(openEngine(dbFile))) : createContext(options);
    await prepareDatabase(ctx);
    await ctx.store.run(
      `INSERT INTO trace_codes (code, code_type, status) SELECT 'C' || n, 'box', 'activated' FROM generate_series(1, ?) AS n`,
      [CODES],
    );
    // The scan log: one scan an hour from December 2025 to mid-March 2026.
    await ctx.store.run(
      `INSERT INTO consumer_scans (code, result, scan_index, scanned_at, path)
       SELECT 'C' || (n % 500 + 1), 'genuine', 1,
              to_char(timestamp '2025-12-01' + n * interval '1 hour', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'c'
         FROM generate_series(0, 2500) AS n`,
    );
    // The ledger: an event every eight hours over the same span, and a few in 2024 (the default partition's).
    const times = [
      ...Array.from({ length: 312 }, (_, i) => Date.parse("2025-12-01T00:00:00Z") + i * 8 * 3_600_000),
      ...[1, 2, 3].map((day) => Date.parse(`2024-05-0${day}T00:00:00Z`)),
    ];
    for (const [i, time] of times.entries())
      await observeEvent(ctx, {
        kind: "inspect",
        reason: "genuine",
        readPoint: null,
        codes: [`C${(i % 400) + 1}`],
        eventTime: new Date(time).toISOString(),
        operator: "plan",
      });
    if (converted) await convertToPartitionedLayout(ctx, prepareDatabase);
    await ctx.store.exec("ANALYZE");
  }, 180_000);
  afterAll(() => ctx?.store.close());

  it("finds a code by its text in one hash partition of trace_codes, and its events in the same-numbered partition of the ledger's code table", async () => {
    const info = ctx.catalog.find("trace_codes")!;
    for (const code of ["C1", "C77", "C401"]) {
      const lookup = await planOf(ctx.store, `SELECT ${info.selectList} FROM trace_codes WHERE code = ?`, [code], true);
      const read = partitionsOf(lookup.reads, "trace_codes");
      expect(read).toHaveLength(1);
      expect(lookup.reads.find((node) => node.table === read[0])!.rows).toBe(1);
      const events = await planOf(ctx.store, `SELECT event_id FROM _ledger_event_codes WHERE code = ?`, [code]);
      expect(partitionsOf(events.reads, "_ledger_event_codes")).toEqual([
        read[0].replace("trace_codes", "_ledger_event_codes"),
      ]);
    }
    expect(
      await ctx.store.get(`SELECT count(*) AS n FROM ${hashPartition("trace_codes", CODE_PARTITIONS - 1)}`),
    ).toEqual({ n: expect.any(Number) });
  });

  it("reads a page of the ledger by event-time window from the months of the window only", async () => {
    const monthsRead = async (query: Record<string, string>) => {
      const { sql, params } = await eventPageSql(ctx, parseEventQuery(query));
      return partitionsOf((await planOf(ctx.store, sql, params)).reads, "_ledger_events");
    };
    expect(await monthsRead({ GE_eventTime: "2026-01-05T00:00:00Z", LT_eventTime: "2026-01-20T00:00:00Z" })).toEqual([
      "_ledger_events_2026_01",
    ]);
    expect(await monthsRead({ GE_eventTime: "2026-01-20T00:00:00Z", LT_eventTime: "2026-02-10T00:00:00Z" })).toEqual([
      "_ledger_events_2026_01",
      "_ledger_events_2026_02",
    ]);
    // A window outside the months made around the clock (2024) reads the default partition only; converted,
    // also the partition made for the month the rows held (the window's April has none: the default's).
    expect(await monthsRead({ GE_eventTime: "2024-04-30T00:00:00Z", LT_eventTime: "2024-06-01T00:00:00Z" })).toEqual(
      months2024,
    );
    const { sql, params } = await eventPageSql(
      ctx,
      parseEventQuery({ GE_eventTime: "2024-04-30T00:00:00Z", LT_eventTime: "2024-06-01T00:00:00Z" }),
    );
    expect(await ctx.store.all(sql, params as never[])).toHaveLength(3);
  });

  it("reads the trace-code list's first page from each hash partition's id index, a page at most from each, sorting nothing", async () => {
    // Ids are drawn across codes, so the newest page may lie in any partition: each is opened, and
    // its (id, code) key walked backwards until the merge has its page.
    const info = ctx.catalog.find("trace_codes")!;
    const order = buildOrder([{ field: "id", desc: true }]);
    const { nodes, reads } = await planOf(
      ctx.store,
      `SELECT ${info.selectList} FROM trace_codes ${order} LIMIT ? OFFSET ?`,
      [PAGE, 0],
      true,
    );
    expect(partitionsOf(reads, "trace_codes")).toHaveLength(CODE_PARTITIONS);
    expect(nodes.map((node) => node["Node Type"])).not.toContain("Sort");
    for (const read of reads) {
      expect(read.how).toMatch(/^Index (Only )?Scan$/);
      expect(read.rows).toBeLessThanOrEqual(PAGE + 1);
    }
  });

  it("reads the scan log's page of one week from that week's month only, and its first page without a sort", async () => {
    const info = ctx.catalog.find("consumer_scans")!;
    const order = buildOrder([{ field: "scanned_at", desc: true }]);
    const column = info.byName.get("scanned_at")!;
    const week = buildWhere(
      [
        { column, op: "from", value: "2026-02-02" },
        { column, op: "to", value: "2026-02-08" },
      ],
      "UTC",
      ctx.store.engine.dialect,
    );
    const windowed = await planOf(
      ctx.store,
      `SELECT ${info.selectList} FROM consumer_scans ${week.sql} ${order} LIMIT ? OFFSET ?`,
      [...week.params, PAGE, 0],
      true,
    );
    expect(partitionsOf(windowed.reads, "consumer_scans")).toEqual(["consumer_scans_2026_02"]);
    const first = await planOf(
      ctx.store,
      `SELECT ${info.selectList} FROM consumer_scans ${order} LIMIT ? OFFSET ?`,
      [PAGE, 0],
      true,
    );
    expect(first.nodes.map((node) => node["Node Type"])).not.toContain("Sort");
    for (const read of first.reads) {
      expect(read.how).toMatch(/^Index (Only )?Scan$/);
      expect(read.rows).toBeLessThanOrEqual(PAGE + 1);
    }
  });
});
