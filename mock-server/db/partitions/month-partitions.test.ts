// The month partitions' upkeep on PostgreSQL: made ahead around the clock's month, a month whose rows
// already sit in the default partition left there, an old month detached with its rows, and the
// command that does both refusing what it cannot do. SQLite has no partitions, and says so.
import { afterEach, describe, expect, it } from "vitest";
import { prepareDatabase } from "../../app";
import { createContext, type AppContext } from "../../context";
import { observeEvent } from "../../domain/ledger/ledger";
import { contract } from "../../generated/contract.gen";
import { resolveOptions } from "../../options";
import { testDatabase, testEngine } from "../../test-fixtures/test-database";
import { ensureMonths } from "./growing-tables";
import { PartitionsCommandError, runPartitionsCommand } from "./partitions-command";

const MARCH = Date.parse("2026-03-15T12:00:00Z");
let ctx: AppContext | undefined;
afterEach(async () => {
  await ctx?.store.close();
  ctx = undefined;
});

const prepared = async (now: number): Promise<AppContext> => {
  ctx = createContext(
    resolveOptions({
      contract,
      dbFile: await testDatabase(),
      seed: false,
      docs: false,
      partitionedLayout: true,
      clock: () => now,
    }),
  );
  await prepareDatabase(ctx);
  return ctx;
};

const inspectAt = async (context: AppContext, code: string, time: string) => {
  await context.store.run(`INSERT INTO trace_codes (code, code_type, status) VALUES (?, 'box', 'activated')`, [code]);
  return await observeEvent(context, {
    kind: "inspect",
    reason: "genuine",
    readPoint: null,
    codes: [code],
    eventTime: time,
    operator: "months",
  });
};

const monthsOf = async (context: AppContext, table: string): Promise<string[]> =>
  (
    await context.store.all<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = to_regclass(?) ORDER BY c.relname`,
      [table],
    )
  ).map((row) => row.name);

const countWhere = async (context: AppContext, sql: string, params: unknown[] = []) =>
  Number((await context.store.get<{ n: number }>(sql, params as never[]))!.n);

describe.runIf(testEngine() === "postgres")("month partitions on PostgreSQL", () => {
  it("are made from four months before the clock's month to three after, with a default, for the ledger and the scan log", async () => {
    const context = await prepared(MARCH);
    const expected = [
      "2025_11",
      "2025_12",
      "2026_01",
      "2026_02",
      "2026_03",
      "2026_04",
      "2026_05",
      "2026_06",
      "default",
    ];
    expect(await monthsOf(context, "_ledger_events")).toEqual(expected.map((m) => `_ledger_events_${m}`));
    expect(await monthsOf(context, "consumer_scans")).toEqual(expected.map((m) => `consumer_scans_${m}`));
  });

  it("leave a month whose rows the default partition already holds to it, and make the others", async () => {
    const context = await prepared(MARCH);
    await inspectAt(context, "LATE", "2026-08-10T09:00:00.000Z");
    const report = await ensureMonths(context.store, context.catalog, Date.parse("2026-09-15T00:00:00Z"));
    expect(report._ledger_events).toEqual({
      made: ["2026-07", "2026-09", "2026-10", "2026-11", "2026-12"],
      inDefault: ["2026-08"],
    });
    expect(report.consumer_scans).toEqual({
      made: ["2026-07", "2026-08", "2026-09", "2026-10", "2026-11", "2026-12"],
      inDefault: [],
    });
    expect(await countWhere(context, "SELECT count(*) AS n FROM _ledger_events_default")).toBe(1);
    // Again: nothing more to make.
    expect(
      (await ensureMonths(context.store, context.catalog, Date.parse("2026-09-15T00:00:00Z")))._ledger_events,
    ).toEqual({
      made: [],
      inDefault: ["2026-08"],
    });
  });

  it("detach an old month with its rows, which leave every read of the table; a later row of that month goes to the default", async () => {
    const context = await prepared(MARCH);
    await inspectAt(context, "DEC1", "2025-12-03T10:00:00.000Z");
    await inspectAt(context, "DEC2", "2025-12-20T10:00:00.000Z");
    await inspectAt(context, "JAN1", "2026-01-04T10:00:00.000Z");
    expect(await runPartitionsCommand(context, ["detach", "_ledger_events", "2025-12"])).toEqual([
      "_ledger_events: 2025-12 detached; its rows are in table _ledger_events_2025_12 (dump it, then drop it)",
    ]);
    expect(
      await context.store.all(`SELECT event_time FROM _ledger_events WHERE event_time < '2026-02' ORDER BY event_time`),
    ).toEqual([{ event_time: "2026-01-04T10:00:00.000Z" }]);
    expect(await countWhere(context, "SELECT count(*) AS n FROM _ledger_events_2025_12")).toBe(2);
    expect(await monthsOf(context, "_ledger_events")).not.toContain("_ledger_events_2025_12");
    await inspectAt(context, "DEC3", "2025-12-24T10:00:00.000Z");
    expect(await countWhere(context, "SELECT count(*) AS n FROM _ledger_events_default")).toBe(1);
    // Start-up does not make the month again: its name is the archive's.
    expect((await ensureMonths(context.store, context.catalog, MARCH))._ledger_events.made).toEqual([]);
  });

  it("refuse a month not over, a month without a partition, a malformed month, a table not partitioned by month, and bad usage", async () => {
    const context = await prepared(MARCH);
    const refusal = (args: string[]) => runPartitionsCommand(context, args);
    await expect(refusal(["detach", "_ledger_events", "2026-03"])).rejects.toThrow(
      new PartitionsCommandError("2026-03 is not over (the current month is 2026-03): only older months are detached"),
    );
    await expect(refusal(["detach", "consumer_scans", "2019-01"])).rejects.toThrow(
      "consumer_scans has no partition for 2019-01",
    );
    await expect(refusal(["detach", "_ledger_events", "2025-13"])).rejects.toThrow(
      '"2025-13" is not a month: write it as YYYY-MM',
    );
    await expect(refusal(["detach", "trace_codes", "2025-12"])).rejects.toThrow(
      '"trace_codes" is not partitioned by month; these are: _ledger_events, consumer_scans',
    );
    await expect(refusal(["drop"])).rejects.toThrow("usage: npm run partitions -- ensure | detach <table> <YYYY-MM>");
    expect(await refusal(["ensure"])).toEqual(["_ledger_events: nothing to make", "consumer_scans: nothing to make"]);
  });
});

describe.runIf(testEngine() === "sqlite")("the partitions command on SQLite", () => {
  it("refuses: SQLite's tables are plain", async () => {
    const context = await prepared(MARCH);
    await expect(runPartitionsCommand(context, ["ensure"])).rejects.toThrow(
      "partitions are PostgreSQL's: this database is SQLite, whose tables are plain",
    );
  });
});
