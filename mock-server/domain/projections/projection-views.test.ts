// Projection views are created again only when their text changed: a development server that takes
// a new contract in place (live/) builds the next app on the same file at every save, and a
// schema change would make every connection read the schema again.
import { afterAll, beforeAll, expect, it } from "vitest";
import { contract } from "../../generated/contract.gen";
import { fixtureApp, type TestApp } from "../../test-fixtures/test-app";
import { createProjectionViews } from "./projection-views";

let fixture: TestApp;
beforeAll(async () => {
  fixture = await fixtureApp({ contract, seed: false });
}, 60_000);
afterAll(() => fixture.app.close());

const schemaVersion = () =>
  fixture.app.consoleContext.store.get<{ schema_version: number }>("PRAGMA schema_version")!.schema_version;
const viewText = (name: string) =>
  fixture.app.consoleContext.store.get<{ sql: string }>("SELECT sql FROM sqlite_schema WHERE name = ?", [name])?.sql;

it("leaves views whose text is unchanged alone, and re-creates one whose text changed", () => {
  const { store, catalog } = fixture.app.consoleContext;
  const [view] = catalog.projections;
  expect(view, "the real contract has projection resources").toBeDefined();
  const created = viewText(view.table);
  expect(created).toMatch(/^CREATE VIEW/);

  const before = schemaVersion();
  createProjectionViews(store, catalog);
  expect(schemaVersion()).toBe(before);

  store.db.exec(`DROP VIEW "${view.table}"`);
  store.db.exec(`CREATE VIEW "${view.table}" AS SELECT 1 AS id`);
  createProjectionViews(store, catalog);
  expect(viewText(view.table)).toBe(created);
  expect(store.all(`SELECT * FROM "${view.table}" LIMIT 1`)).toBeDefined();
});
