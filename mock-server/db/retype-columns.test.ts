// A database made before flags, rows and times had types of their own (every column declared from
// the contract's sqlType, as the migration did then), with rows in it: the next start alters those
// columns in place, their values read back as the API gave them, a second start alters nothing,
// and a value that cannot be converted stops the migration with every table as it was.
import { expect, it } from "vitest";
import { contract } from "../generated/contract.gen";
import { Catalog } from "../resources/catalog";
import { toRecord } from "../resources/row-codec";
import { testDatabase } from "../test-fixtures/test-database";
import { migrateResources } from "./migrate-resources";
import { columnType } from "./schema-catalog";
import { quoteIdent } from "./sql-names";
import { openStore, type Store } from "./store";

const ROWS = [{ kind: "level" }, { kind: "random", length: 18 }, { kind: "check" }];
const NOTATION = "level + random:18 + check";

/** `table` as the migration made it before: each column of its contract's sqlType. */
async function makeAsBefore(store: Store, catalog: Catalog, table: string, types: Record<string, string> = {}) {
  const info = catalog.info(table);
  const columns = info.stored
    .filter((column) => column.name !== "id")
    .map((column) => `${quoteIdent(column.name)} ${types[column.name] ?? column.sqlType}`);
  await store.exec(`CREATE TABLE ${quoteIdent(table)} ("id" INTEGER PRIMARY KEY AUTOINCREMENT, ${columns.join(", ")})`);
}

/**
 * `column` of every row as the API gives it. Read `before` the migration by a statement of its own:
 * PostgreSQL refuses to run a statement prepared over a column's old type ("cached plan must not
 * change result type"), which is why every server stops before the first starts on new types.
 */
async function records(store: Store, catalog: Catalog, table: string, column: string, before = false) {
  const rows = await store.all(`SELECT * FROM ${quoteIdent(table)} ORDER BY "id"${before ? " /* before */" : ""}`);
  return rows.map((row) => toRecord(catalog.info(table), row)[column]);
}

it("alters a flag and a rows field made as integer and text in place, their values read back as before", async () => {
  const store = openStore(await testDatabase());
  const catalog = new Catalog(contract);
  try {
    await makeAsBefore(store, catalog, "template_banners");
    await makeAsBefore(store, catalog, "code_rules");
    for (const enabled of [1, 0, null])
      await store.run(`INSERT INTO template_banners (enabled) VALUES (${enabled === null ? "NULL" : enabled})`);
    for (const segments of [JSON.stringify(ROWS), NOTATION, null])
      await store.run(`INSERT INTO code_rules (segments) VALUES (?)`, [segments]);
    const before = {
      flags: await records(store, catalog, "template_banners", "enabled", true),
      rows: await records(store, catalog, "code_rules", "segments", true),
    };
    expect(before).toEqual({ flags: [true, false, null], rows: [ROWS, NOTATION, null] });

    const report = await migrateResources(store, catalog);
    const postgres = store.engineName === "postgres";
    expect(report.retypedColumns).toEqual(
      postgres
        ? [
            "code_rules.segments",
            "code_rules.created_at",
            "code_rules.updated_at",
            "template_banners.enabled",
            "template_banners.created_at",
            "template_banners.updated_at",
          ]
        : [],
    );
    expect(await columnType(store, "template_banners", "enabled")).toBe(postgres ? "boolean" : "integer");
    expect(await columnType(store, "code_rules", "segments")).toBe(postgres ? "jsonb" : "text");
    expect({
      flags: await records(store, catalog, "template_banners", "enabled"),
      rows: await records(store, catalog, "code_rules", "segments"),
    }).toEqual(before);
    expect((await store.all(`SELECT enabled FROM template_banners ORDER BY id`)).map((row) => row.enabled)).toEqual([
      1,
      0,
      null,
    ]);

    expect((await migrateResources(store, catalog)).retypedColumns).toEqual([]);
  } finally {
    await store.close();
  }
});

it("leaves every table as it was when a stored value cannot take its column's type", async () => {
  const store = openStore(await testDatabase());
  const catalog = new Catalog(contract);
  try {
    await makeAsBefore(store, catalog, "code_rules");
    await makeAsBefore(store, catalog, "template_banners", { enabled: "TEXT" });
    await store.run(`INSERT INTO code_rules (segments) VALUES (?)`, [JSON.stringify(ROWS)]);
    await store.run(`INSERT INTO template_banners (enabled) VALUES ('maybe')`);
    if (store.engineName === "postgres") {
      await expect(migrateResources(store, catalog)).rejects.toThrow(/maybe/);
      expect(await columnType(store, "code_rules", "segments")).toBe("text");
      expect(await columnType(store, "template_banners", "enabled")).toBe("text");
    } else {
      // SQLite keeps any value in any column: nothing to convert, nothing refused.
      expect((await migrateResources(store, catalog)).retypedColumns).toEqual([]);
    }
    expect(await records(store, catalog, "code_rules", "segments")).toEqual([ROWS]);
  } finally {
    await store.close();
  }
});

it("alters a date-time made as text in place, each time read back as it was written", async () => {
  const store = openStore(await testDatabase());
  const catalog = new Catalog(contract);
  try {
    await makeAsBefore(store, catalog, "tasks");
    const times = ["2026-11-26T21:30:02Z", "2026-11-26T21:30:02.345Z", null];
    for (const time of times)
      await store.run(`INSERT INTO tasks (planned_start, created_at) VALUES (?, ?)`, [time, time]);
    expect(await records(store, catalog, "tasks", "planned_start", true)).toEqual(times);

    const report = await migrateResources(store, catalog);
    const postgres = store.engineName === "postgres";
    expect(report.retypedColumns).toEqual(
      postgres ? ["tasks.planned_start", "tasks.finished_at", "tasks.created_at", "tasks.updated_at"] : [],
    );
    expect(await columnType(store, "tasks", "planned_start")).toBe(postgres ? "timestamp with time zone" : "text");
    expect(await records(store, catalog, "tasks", "planned_start")).toEqual(times);
    expect(await records(store, catalog, "tasks", "created_at")).toEqual(times);
    expect((await migrateResources(store, catalog)).retypedColumns).toEqual([]);
  } finally {
    await store.close();
  }
});

it("refuses a text that is no time, naming its table, column and value, with every table as it was", async () => {
  const store = openStore(await testDatabase());
  const catalog = new Catalog(contract);
  try {
    await makeAsBefore(store, catalog, "code_rules");
    await makeAsBefore(store, catalog, "tasks");
    await store.run(`INSERT INTO code_rules (segments) VALUES (?)`, [JSON.stringify(ROWS)]);
    for (const time of ["2026-11-26T21:30:02Z", "next tuesday"])
      await store.run(`INSERT INTO tasks (planned_start) VALUES (?)`, [time]);
    if (store.engineName === "postgres") {
      await expect(migrateResources(store, catalog)).rejects.toThrow('tasks.planned_start holds "next tuesday"');
      expect(await columnType(store, "code_rules", "segments")).toBe("text");
      expect(await columnType(store, "code_rules", "created_at")).toBe("text");
      expect(await columnType(store, "tasks", "planned_start")).toBe("text");
    } else {
      expect((await migrateResources(store, catalog)).retypedColumns).toEqual([]);
    }
    expect(await records(store, catalog, "tasks", "planned_start")).toEqual(["2026-11-26T21:30:02Z", "next tuesday"]);
  } finally {
    await store.close();
  }
});
