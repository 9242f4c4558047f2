// A seed copied from its in-memory scratch into the run's engine (PostgreSQL with TEST_ENGINE=pg)
// holds the rows the same seed written in place on SQLite holds, table by table and id by id, read
// back in the engine's forms; and the next row a copied table numbers follows the copied ones.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareDatabase } from "../app";
import { createContext, type AppContext } from "../context";
import { contract } from "../generated/contract.gen";
import { registerOrgHooks } from "../org/org-hooks";
import { resolveOptions } from "../options";
import { tableNames } from "../db/schema-catalog";
import { testDatabase } from "../test-fixtures/test-database";
import { seedDatabase } from "./seed-database";
import { seedByCopy } from "./seed-by-copy";

const ANCHOR = "2024-06-01";
const NOW = Date.parse(`${ANCHOR}T08:00:00Z`);
/** Salted with each server's own random salt, so they differ between any two seeds. */
const SALTED = new Set(["_secrets"]);
const SEED = { scale: 1, anchor: ANCHOR, days: 3 };

const prepare = async (ctx: AppContext) => {
  await prepareDatabase(ctx);
  registerOrgHooks(ctx);
};

async function preparedContext(dbFile: string): Promise<AppContext> {
  const ctx = createContext(resolveOptions({ contract, dbFile, seedAnchor: ANCHOR, clock: () => NOW }));
  await prepare(ctx);
  return ctx;
}

/** Every table's rows in id (or key) order, as JSON lines. */
async function contents(ctx: AppContext): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const table of await tableNames(ctx.store)) {
    if (SALTED.has(table)) continue;
    // The seed's mark is written on the target by seedDatabase, after the copy.
    const rows = await ctx.store.all(
      table === "_meta" ? `SELECT * FROM "_meta" WHERE "key" <> 'seeded_at'` : `SELECT * FROM "${table}"`,
    );
    tables[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return tables;
}

let copied: AppContext;
let inPlace: AppContext;
beforeAll(async () => {
  copied = await preparedContext(await testDatabase());
  await seedByCopy(copied, prepare, (scratch) => seedDatabase(scratch, SEED));
  // The reference is the embedded default's seed: on PostgreSQL the rules' random draws of codes
  // would not give the same codes, and the copy exists to give the same demo on both engines.
  inPlace = await preparedContext(":memory:");
  await seedDatabase(inPlace, SEED);
}, 120_000);
afterAll(async () => {
  await copied.store.close();
  await inPlace.store.close();
});

describe("a seed copied from its scratch", () => {
  it("holds the rows the seed in place on SQLite writes, in every table", async () => {
    const [a, b] = [await contents(copied), await contents(inPlace)];
    expect(Object.keys(a)).toEqual(Object.keys(b));
    for (const table of Object.keys(b)) expect(a[table], table).toEqual(b[table]);
    expect(a._ledger_events.length).toBeGreaterThan(100);
  });

  it("numbers the next row of a copied table after the copied ones", async () => {
    const info = copied.catalog.info("warehouses");
    const last = await copied.store.get<{ id: number }>(`SELECT MAX("id") AS id FROM "warehouses"`);
    const id = await copied.records.insert(info, { warehouse_code: "WH-NEXT", warehouse_name: "next" });
    expect(id).toBe(Number(last!.id) + 1);
  });
});
