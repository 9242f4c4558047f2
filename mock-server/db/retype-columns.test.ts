// A database made before flags and rows had types of their own (every column declared from the
// contract's sqlType, as the migration did then), with rows in it: the next start alters those
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
    expect(report.retypedColumns).toEqual(postgres ? ["code_rules.segments", "template_banners.enabled"] : []);
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
