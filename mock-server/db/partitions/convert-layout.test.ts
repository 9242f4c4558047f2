// A PostgreSQL database made on the plain layout, with rows and ledger events, converted in place to
// the partitioned layout: every row and every ledger event as it was, the ledger still append-only,
// ids numbered on from where they stood, and a second run, a running server, and a failure midway
// each refused with the database left as it was. (partition-plans.test.ts plans reads on one.)
import { afterEach, describe, expect, it } from "vitest";
import { buildApp, prepareDatabase } from "../../app";
import { createContext, type AppContext } from "../../context";
import { plantEvent } from "../../test-fixtures/planted-events";
import { contract } from "../../generated/contract.gen";
import { resolveOptions } from "../../options";
import { testDatabase, testEngine } from "../../test-fixtures/test-database";
import { openEngine } from "../engine/open-engine";
import { dropReadingViews } from "../reading-views";
import { columnType } from "../schema-catalog";
import { Store } from "../store";
import { isPartitioned } from "./growing-tables";
import { ConversionRefusal, convertToPartitionedLayout } from "./convert-layout";
import { layoutNotice } from "./layout-check";

const NOW = Date.parse("2026-03-15T12:00:00Z");
const CODES = 300;
const GROWING = ["_ledger_events", "_ledger_event_codes", "trace_codes", "consumer_scans"];

const opened: AppContext[] = [];
afterEach(async () => {
  for (const ctx of opened.splice(0)) await ctx.store.close();
});

/**
 * A context on `url` on the given layout. `listening`: its store hears other processes' changes,
 * as a running server's does (its listening connection is what the conversion looks for).
 */
function contextOn(url: string, partitionedLayout: boolean, listening = false): AppContext {
  const options = resolveOptions({
    contract,
    dbFile: url,
    seed: false,
    docs: false,
    partitionedLayout,
    clock: () => NOW,
  });
  const ctx = listening ? createContext(options) : createContext(options, new Store(openEngine(url)));
  opened.push(ctx);
  return ctx;
}

/** A database made on the plain layout with codes, ledger events over five months, and scans. */
async function plainDatabase(): Promise<{ url: string; ctx: AppContext }> {
  const url = await testDatabase();
  const ctx = contextOn(url, false);
  await prepareDatabase(ctx);
  await ctx.store.run(
    `INSERT INTO trace_codes (code, code_type, status) SELECT 'C' || n, 'item', 'activated' FROM generate_series(1, ?) AS n`,
    [CODES],
  );
  const times = [
    ...Array.from({ length: 40 }, (_, i) => Date.parse("2025-12-01T00:00:00Z") + i * 60 * 3_600_000),
    Date.parse("2024-05-02T00:00:00Z"),
  ];
  for (const [i, time] of times.entries())
    await plantEvent(ctx, {
      kind: "inspect",
      codes: [`C${(i % CODES) + 1}`, `C${((i + 7) % CODES) + 1}`],
      eventTime: new Date(time).toISOString(),
      operator: "convert",
    });
  await ctx.store.run(
    `INSERT INTO consumer_scans (code, result, scan_index, scanned_at, path)
     SELECT 'C' || (n % ? + 1), 'genuine', 1,
            to_char(timestamp '2025-11-20' + n * interval '7 hours', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'c'
       FROM generate_series(0, 499) AS n`,
    [CODES],
  );
  return { url, ctx };
}

/** Every row of the growing tables, in a fixed order, and the views' row counts. */
async function contents(ctx: AppContext) {
  const all = (sql: string) => ctx.store.all(sql);
  return {
    events: await all(`SELECT * FROM _ledger_events ORDER BY id`),
    eventCodes: await all(`SELECT * FROM _ledger_event_codes ORDER BY event_id, code`),
    codes: await all(`SELECT * FROM trace_codes ORDER BY id`),
    scans: await all(`SELECT * FROM consumer_scans ORDER BY id`),
  };
}

/** Tables, views, indexes and sequences of the schema by name and kind, sorted. */
const schemaObjects = async (ctx: AppContext) =>
  await ctx.store.all(
    `SELECT c.relname AS name, c.relkind AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() ORDER BY c.relname`,
  );

const partitioned = async (ctx: AppContext) =>
  Object.fromEntries(await Promise.all(GROWING.map(async (table) => [table, await isPartitioned(ctx.store, table)])));

describe.runIf(testEngine() === "postgres")(
  "converting a plain-layout PostgreSQL database to the partitioned layout",
  () => {
    it("keeps every row and every ledger event, partitions the four tables with a month for each month held, and numbers ids on", async () => {
      const { ctx } = await plainDatabase();
      const before = await contents(ctx);
      expect(before.events).toHaveLength(41);
      const nextCodeId =
        Number((await ctx.store.get<{ n: number }>(`SELECT last_value AS n FROM trace_codes_id_seq`))!.n) + 1;
      expect(await layoutNotice(ctx.store, ctx.catalog, true)).toContain(
        'npm run db:partition -- --database-url "$DATABASE_URL"',
      );

      const converted = await convertToPartitionedLayout(ctx, prepareDatabase);

      expect(converted.map(({ table, rows }) => [table, rows])).toEqual([
        ["_ledger_events", 41],
        ["_ledger_event_codes", 82],
        ["trace_codes", CODES],
        ["consumer_scans", 500],
      ]);
      expect(converted[0].months).toEqual(["2024-05"]);
      expect(await partitioned(ctx)).toEqual(Object.fromEntries(GROWING.map((table) => [table, true])));
      expect(await contents(ctx)).toEqual(before);
      expect(await ctx.store.get(`SELECT count(*) AS n FROM _ledger_events_2024_05`)).toEqual({ n: 1 });
      expect(await ctx.store.get(`SELECT count(*) AS n FROM _ledger_events_default`)).toEqual({ n: 0 });
      expect(await ctx.store.get(`SELECT count(*) AS n FROM consumer_scans_2025_11`)).toEqual({
        n: expect.any(Number),
      });
      const added = await ctx.store.get<{ id: number }>(
        `INSERT INTO trace_codes (code, code_type, status) VALUES ('NEW', 'item', 'activated') RETURNING id`,
      );
      expect(Number(added!.id)).toBe(nextCodeId);
      // The projection views read the new tables, and the server starts on the layout without a word.
      expect(await ctx.store.get(`SELECT count(*) AS n FROM production_output`)).toEqual({ n: expect.any(Number) });
      await prepareDatabase(ctx);
      expect(await layoutNotice(ctx.store, ctx.catalog, true)).toBeUndefined();
      expect(await ctx.store.get(`SELECT to_regclass('trace_codes_plain') AS left`)).toEqual({ left: null });
    }, 120_000);

    it("converts a ledger whose record time is still text, each time as it was", async () => {
      const { ctx } = await plainDatabase();
      await dropReadingViews(ctx.store, ["_ledger_events"]);
      await ctx.store.exec(
        `ALTER TABLE _ledger_events ALTER COLUMN recorded_time TYPE TEXT USING to_char(recorded_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      );
      const before = await ctx.store.all(`SELECT id, recorded_time FROM _ledger_events ORDER BY id /* text */`);
      expect(before[0]).toEqual({
        id: expect.anything(),
        recorded_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      });

      await convertToPartitionedLayout(ctx, prepareDatabase);

      expect(await columnType(ctx.store, "_ledger_events", "recorded_time")).toBe("timestamp with time zone");
      expect(await ctx.store.all(`SELECT id, recorded_time FROM _ledger_events ORDER BY id`)).toEqual(before);
    }, 120_000);

    it("leaves the ledger append-only: an UPDATE or DELETE of an event or of its codes is refused", async () => {
      const { ctx } = await plainDatabase();
      await convertToPartitionedLayout(ctx, prepareDatabase);
      for (const sql of [
        `UPDATE _ledger_events SET operator = 'rewritten'`,
        `DELETE FROM _ledger_events WHERE event_time < '2025-01'`,
        `UPDATE _ledger_event_codes SET code = 'X'`,
        `DELETE FROM _ledger_event_codes`,
      ])
        await expect(ctx.store.exec(sql), sql).rejects.toThrow(/the ledger is append-only/);
      expect(await ctx.store.get(`SELECT count(*) AS n FROM _ledger_events`)).toEqual({ n: 41 });
    }, 120_000);

    it("refuses a second run, and a database a server process is using", async () => {
      const { url, ctx } = await plainDatabase();
      const server = contextOn(url, false, true);
      // The listening connection opens as the store does; a round trip on it waits for it.
      await server.store.changes.caughtUp();
      await expect(convertToPartitionedLayout(ctx, prepareDatabase)).rejects.toThrow(
        new ConversionRefusal(
          "1 server process uses this database (console-change-listener connections in pg_stat_activity): stop it first, then convert",
        ),
      );
      expect(Object.values(await partitioned(ctx))).toEqual([false, false, false, false]);
      opened.splice(opened.indexOf(server), 1);
      await server.store.close();
      await convertToPartitionedLayout(ctx, prepareDatabase);
      await expect(convertToPartitionedLayout(ctx, prepareDatabase)).rejects.toThrow(
        "this database is already on the partitioned layout (_ledger_events, _ledger_event_codes, trace_codes, consumer_scans are partitioned): nothing to convert",
      );
    }, 120_000);

    it("leaves the plain database as it was when the conversion fails midway", async () => {
      const { ctx } = await plainDatabase();
      // An operator's unique index PostgreSQL cannot make on a table partitioned by code: the
      // conversion fails after it has made the partitioned tables and copied the rows into them.
      await ctx.store.exec(`CREATE UNIQUE INDEX operator_unique_status ON trace_codes (status, id)`);
      const before = await contents(ctx);
      const objects = await schemaObjects(ctx);
      await expect(convertToPartitionedLayout(ctx, prepareDatabase)).rejects.toThrow(
        "the conversion failed and was rolled back, the database is as it was: unique constraint on partitioned table must include all partitioning columns",
      );
      expect(await schemaObjects(ctx)).toEqual(objects);
      expect(await contents(ctx)).toEqual(before);
      expect(Object.values(await partitioned(ctx))).toEqual([false, false, false, false]);
      await expect(ctx.store.exec(`DELETE FROM _ledger_events`)).rejects.toThrow(/the ledger is append-only/);
    }, 120_000);

    it("says nothing at start on the layout configured, and a line naming the command otherwise", async () => {
      const { ctx } = await plainDatabase();
      expect(await layoutNotice(ctx.store, ctx.catalog, false)).toBeUndefined();
      expect(await layoutNotice(ctx.store, ctx.catalog, true)).toBe(
        "This PostgreSQL database keeps _ledger_events, _ledger_event_codes, trace_codes, consumer_scans on the plain layout " +
          "(made before the partitioned layout or with PARTITIONED_LAYOUT=0); the server runs on it as it is. To partition them, " +
          'stop every server process on it and run: npm run db:partition -- --database-url "$DATABASE_URL" ' +
          '(mock-server/README.md, "Partitioned layout").',
      );
      await convertToPartitionedLayout(ctx, prepareDatabase);
      expect(await layoutNotice(ctx.store, ctx.catalog, false)).toMatch(
        /^PARTITIONED_LAYOUT=0, but this PostgreSQL database keeps/,
      );
    }, 120_000);
  },
);

describe.runIf(testEngine() === "postgres")(
  "a start on a plain-layout database configured for the partitioned one",
  () => {
    it("serves it as it is and logs one line naming the command that converts", async () => {
      const { url, ctx } = await plainDatabase();
      const lines: string[] = [];
      const app = await buildApp({
        contract,
        dbFile: url,
        seed: false,
        docs: false,
        clock: () => NOW,
        logger: { level: "warn", stream: { write: (line: string) => void lines.push(line) } },
      });
      try {
        const notices = lines
          .map((line) => JSON.parse(line) as { msg: string })
          .filter((l) => l.msg.includes("db:partition"));
        expect(notices).toHaveLength(1);
        expect(Object.values(await partitioned(ctx))).toEqual([false, false, false, false]);
        expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    }, 120_000);
  },
);

describe.runIf(testEngine() === "sqlite")("converting on SQLite", () => {
  it("refuses: the partitioned layout is PostgreSQL's", async () => {
    const ctx = contextOn(":memory:", false);
    await prepareDatabase(ctx);
    await expect(convertToPartitionedLayout(ctx, prepareDatabase)).rejects.toThrow(
      "the partitioned layout is PostgreSQL's: this database is SQLite, whose tables are plain",
    );
    expect(await layoutNotice(ctx.store, ctx.catalog, true)).toBeUndefined();
  });
});
