// The server's own tables keep their instants as TIMESTAMPTZ on PostgreSQL and TEXT on SQLite; a
// database made when they were text has them altered in place at start, each time read back as it
// was written, and a text that is no time stops the start with every table as it was.
import { expect, it } from "vitest";
import { createCaptureTables } from "../domain/epcis/capture/capture-tables";
import { createNamedQueryTable } from "../domain/epcis/named-queries";
import { createSubscriptionTable } from "../domain/epcis/subscriptions/subscription-table";
import { createPhotoTable } from "../domain/evidence/evidence-photos";
import { createErrorDeclarationTable } from "../domain/ledger/error-declarations";
import { createLedgerTables } from "../domain/ledger/ledger-tables";
import { createPartnerKeysTable } from "../domain/partners/partner-keys-table";
import { fixtureApp } from "../test-fixtures/test-app";
import { testDatabase } from "../test-fixtures/test-database";
import { ensureMonthPartitions } from "./partitions/month-partitions";
import { dropReadingViews } from "./reading-views";
import { columnType } from "./schema-catalog";
import { retypeServerTimes, SERVER_TIME_COLUMNS } from "./server-times";
import { quoteIdent } from "./sql-names";
import { openStore, type Store } from "./store";
import { createSystemTables } from "./system-tables";

const LISTED = Object.entries(SERVER_TIME_COLUMNS).flatMap(([table, columns]) =>
  columns.map((column) => `${table}.${column}`),
);

const TIMES = ["2026-11-26T21:30:02Z", "2026-11-26T21:30:02.345Z"];

/** The server's tables holding instants, as their DDL makes them. */
async function makeServerTables(store: Store, partitioned = false): Promise<void> {
  await createLedgerTables(store, partitioned);
  // The partitioned layout is PostgreSQL's; SQLite's ledger is a plain table either way.
  if (partitioned && store.engineName === "postgres")
    await ensureMonthPartitions(store, "_ledger_events", "event_time", ["2026-11"]);
  await createSystemTables(store);
  await createErrorDeclarationTable(store);
  await createPartnerKeysTable(store);
  await createNamedQueryTable(store);
  await createCaptureTables(store);
  await createSubscriptionTable(store);
  await createPhotoTable(store);
}

/** The server's tables holding instants, as a database made when they were text has them. */
async function makeAsBefore(store: Store, partitioned = false): Promise<void> {
  await makeServerTables(store, partitioned);
  if (store.engineName !== "postgres") return;
  for (const [table, columns] of Object.entries(SERVER_TIME_COLUMNS)) {
    await dropReadingViews(store, [table]);
    const clauses = columns.map((column) => `ALTER COLUMN ${quoteIdent(column)} TYPE TEXT`);
    await store.exec(`ALTER TABLE ${quoteIdent(table)} ${clauses.join(", ")}`);
  }
}

const createdTimes = async (store: Store) =>
  (
    await store.all<{ created_at: string }>(
      `SELECT created_at FROM _epcis_named_queries ORDER BY name /* ${Math.random()} */`,
    )
  ).map((row) => row.created_at);

it("declares every instant of the server's tables TIMESTAMPTZ on PostgreSQL and TEXT on SQLite, and no other", async () => {
  const { app } = await fixtureApp({ seed: false });
  try {
    const { store } = app.consoleContext;
    // Made by the evidence routes, which the fixture's manifest has not.
    await createPhotoTable(store);
    const postgres = store.engineName === "postgres";
    for (const name of LISTED) {
      const [table, column] = name.split(".");
      expect(await columnType(store, table, column), name).toBe(postgres ? "timestamp with time zone" : "text");
    }
    if (postgres) {
      const declared = await store.all<{ name: string }>(
        `SELECT table_name || '.' || column_name AS name FROM information_schema.columns c
          JOIN pg_class t ON t.relname = c.table_name AND t.relkind IN ('r', 'p') AND NOT t.relispartition
          WHERE c.table_schema = current_schema() AND c.table_name LIKE '\\_%' ESCAPE '\\'
            AND c.data_type = 'timestamp with time zone'`,
      );
      expect(declared.map((row) => row.name).sort()).toEqual([...LISTED].sort());
    }
  } finally {
    await app.close();
  }
});

it("makes them so in a new database, with nothing left to alter", async () => {
  const store = openStore(await testDatabase());
  try {
    await makeServerTables(store, true);
    for (const name of LISTED) {
      const [table, column] = name.split(".");
      expect(await columnType(store, table, column), name).toBe(
        store.engineName === "postgres" ? "timestamp with time zone" : "text",
      );
    }
    expect(await retypeServerTimes(store)).toEqual([]);
  } finally {
    await store.close();
  }
});

it("alters the server's text instants in place, each read back as it was written, and alters nothing the second time", async () => {
  const store = openStore(await testDatabase());
  try {
    await makeAsBefore(store);
    for (const [index, time] of TIMES.entries())
      await store.run(`INSERT INTO _epcis_named_queries (name, query, account_id, created_at) VALUES (?, '{}', 1, ?)`, [
        `q${index}`,
        time,
      ]);
    await store.run(
      `INSERT INTO _epcis_capture_jobs (id, account_id, error_behaviour, event_count, created_at, running) VALUES ('j', 1, 'rollback', 0, ?, 1)`,
      [TIMES[0]],
    );
    expect(await createdTimes(store)).toEqual(TIMES);

    const postgres = store.engineName === "postgres";
    expect(await retypeServerTimes(store)).toEqual(postgres ? LISTED : []);
    expect(await columnType(store, "_epcis_named_queries", "created_at")).toBe(
      postgres ? "timestamp with time zone" : "text",
    );
    expect(await createdTimes(store)).toEqual(TIMES);
    expect(await store.get(`SELECT created_at, finished_at FROM _epcis_capture_jobs`)).toEqual({
      created_at: TIMES[0],
      finished_at: null,
    });
    expect(await retypeServerTimes(store)).toEqual([]);
  } finally {
    await store.close();
  }
});

it("refuses a text that is no time, naming its table, column and value, with every table as it was", async () => {
  const store = openStore(await testDatabase());
  try {
    await makeAsBefore(store);
    await store.run(
      `INSERT INTO _list_exports (account_id, resource, format, query, status, started_at) VALUES (1, 'x', 'csv', '{}', 'done', ?)`,
      [TIMES[0]],
    );
    await store.run(
      `INSERT INTO _login_log (account_name, login_ip, created_at) VALUES ('admin', '127.0.0.1', 'next tuesday')`,
    );
    if (store.engineName === "postgres") {
      await expect(retypeServerTimes(store)).rejects.toThrow('_login_log.created_at holds "next tuesday"');
      expect(await columnType(store, "_list_exports", "started_at")).toBe("text");
      expect(await columnType(store, "_login_log", "created_at")).toBe("text");
    } else {
      // SQLite keeps any value in any column: nothing to convert, nothing refused.
      expect(await retypeServerTimes(store)).toEqual([]);
    }
    expect(await store.get(`SELECT started_at FROM _list_exports`)).toEqual({ started_at: TIMES[0] });
  } finally {
    await store.close();
  }
});

it.each([false, true])(
  "alters the ledger's record time in place on either layout (partitioned: %s), the event time kept as text",
  async (partitioned) => {
    const store = openStore(await testDatabase());
    try {
      await makeAsBefore(store, partitioned);
      const recorded = async () =>
        await store.all(`SELECT event_time, recorded_time FROM _ledger_events ORDER BY id /* ${Math.random()} */`);
      for (const time of TIMES)
        await store.run(
          `INSERT INTO _ledger_events (kind, event_type, action, biz_step, code_count, event_time, recorded_time)
           VALUES ('inspect', 'ObjectEvent', 'OBSERVE', 'inspecting', 0, ?, ?)`,
          [TIMES[0], time],
        );
      const before = await recorded();
      expect(before).toEqual(TIMES.map((time) => ({ event_time: TIMES[0], recorded_time: time })));

      const postgres = store.engineName === "postgres";
      expect(await retypeServerTimes(store)).toEqual(postgres ? LISTED : []);
      expect(await columnType(store, "_ledger_events", "recorded_time")).toBe(
        postgres ? "timestamp with time zone" : "text",
      );
      expect(await columnType(store, "_ledger_events", "event_time")).toBe("text");
      expect(await recorded()).toEqual(before);
    } finally {
      await store.close();
    }
  },
);
