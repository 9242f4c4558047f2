// migrate-resources: list indexes for filtered, sorted and referring columns, none for a column a
// hot path writes (`unindexed`), and an index an earlier version made on such a column dropped.
import { expect, it } from "vitest";
import { Catalog } from "../resources/catalog";
import { fixtureContract } from "../test-fixtures/contract.fixture";
import { testDatabase } from "../test-fixtures/test-database";
import { migrateResources } from "./migrate-resources";
import { indexNames as indexesOf } from "./schema-catalog";
import { openStore } from "./store";

it("indexes sorted columns, except those named unindexed, whose old index it drops", async () => {
  const store = openStore(await testDatabase());
  const catalog = new Catalog(fixtureContract);
  await migrateResources(store, catalog);
  expect(await indexesOf(store, "trace_codes")).toContain("ix_trace_codes_scan_count");

  await migrateResources(store, catalog, new Set(["trace_codes.scan_count"]));
  const after = await indexesOf(store, "trace_codes");
  expect(after).not.toContain("ix_trace_codes_scan_count");
  expect(after).toContain("ux_trace_codes_code");
  await store.close();
});

it("makes list indexes that serve a list's order in both directions, NULL the smallest value, remaking one made otherwise", async () => {
  const store = openStore(await testDatabase());
  const catalog = new Catalog(fixtureContract);
  await migrateResources(store, catalog);
  if (store.engineName === "postgres") {
    // As an earlier version made it: NULLS LAST, without the id.
    await store.exec(
      `DROP INDEX "ix_trace_codes_scan_count"; CREATE INDEX "ix_trace_codes_scan_count" ON "trace_codes" ("scan_count")`,
    );
    await migrateResources(store, catalog);
  }
  for (const order of [`"scan_count" ASC NULLS FIRST, "id" ASC`, `"scan_count" DESC NULLS LAST, "id" DESC`]) {
    const sql = `SELECT "id" FROM "trace_codes" ORDER BY ${order} LIMIT 5`;
    const plan =
      store.engineName === "postgres"
        ? await store.transaction(async (tx) => {
            await tx.exec("SET LOCAL enable_seqscan = off"); // an empty table: otherwise a sort of nothing is cheapest
            return (await tx.query<{ "QUERY PLAN": string }>(`EXPLAIN ${sql}`)).map((row) => row["QUERY PLAN"]);
          })
        : (await store.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)).map((row) => row.detail);
    expect(plan.join("\n"), order).toContain("ix_trace_codes_scan_count");
    expect(plan.join("\n"), order).not.toMatch(/Sort|TEMP B-TREE/);
  }
  await store.close();
});
