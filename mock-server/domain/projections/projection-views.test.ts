// Projection views are created again only when their text changed: a development server that takes
// a new contract in place (live/) builds the next app on the same file at every save, and a
// schema change would make every connection read the schema again.
import { afterAll, beforeAll, expect, it } from "vitest";
import { contract } from "../../generated/contract.gen";
import { fixtureApp, type TestApp } from "../../test-fixtures/test-app";
import { createProjectionViews } from "./projection-views";
import { schemaChangeMark, viewStamp } from "../../db/schema-catalog";

let fixture: TestApp;
beforeAll(async () => {
  fixture = await fixtureApp({ contract, seed: false });
}, 60_000);
afterAll(() => fixture.app.close());

const schemaVersion = () => schemaChangeMark(fixture.app.consoleContext.store);
const viewText = (name: string) => viewStamp(fixture.app.consoleContext.store, name);

it("leaves views whose text is unchanged alone, and re-creates one whose text changed", async () => {
  const { store, catalog } = fixture.app.consoleContext;
  const [view] = catalog.projections;
  expect(view, "the real contract has projection resources").toBeDefined();
  const created = await viewText(view.table);
  expect(created).toMatch(/^CREATE VIEW/);

  const before = await schemaVersion();
  await createProjectionViews(store, catalog);
  expect(await schemaVersion()).toBe(before);

  await store.exec(`DROP VIEW "${view.table}"`);
  await store.exec(`CREATE VIEW "${view.table}" AS SELECT 1 AS id`);
  await createProjectionViews(store, catalog);
  expect(await viewText(view.table)).toBe(created);
  expect(await store.all(`SELECT * FROM "${view.table}" LIMIT 1`)).toBeDefined();
});
