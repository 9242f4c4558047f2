// Creates the view behind every manifest resource that names a ledger projection (`projection:`).
// Views hold no rows, so a view whose text changed is dropped and created again at start: a changed
// projection applies without a migration. One whose text is the same is left alone: a schema change
// costs every connection a re-read of the schema, and a development server that takes a new contract
// in place (live/) would pay it at every save. An unknown name stops the server, as an unknown
// handler does.
import { stampView, viewStamp } from "../../db/schema-catalog";
import { quoteIdent } from "../../db/sql-names";
import type { Store } from "../../db/store";
import type { Catalog } from "../../resources/catalog";
import { LEDGER_PROJECTIONS } from "./ledger-projections";

export async function createProjectionViews(store: Store, catalog: Catalog): Promise<void> {
  for (const info of catalog.projections) {
    const name = info.resource.projection!;
    const select = Object.hasOwn(LEDGER_PROJECTIONS, name) ? LEDGER_PROJECTIONS[name] : undefined;
    if (!select)
      throw new Error(
        `${info.resource.name}: projection '${name}' is not one of the server's ledger projections (${Object.keys(LEDGER_PROJECTIONS).join(", ")})`,
      );
    const create = `CREATE VIEW ${quoteIdent(info.table)} AS ${select(store.engine.dialect)}`;
    if ((await viewStamp(store, info.table)) === create) continue;
    await store.exec(`DROP VIEW IF EXISTS ${quoteIdent(info.table)}`);
    await store.exec(create);
    await stampView(store, info.table, create);
  }
}
