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
