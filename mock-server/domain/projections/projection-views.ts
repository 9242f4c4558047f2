// Creates the view behind every manifest resource that names a ledger projection (`projection:`).
// Views hold no rows, so they are dropped and created again at every start: a changed projection
// applies without a migration. An unknown name stops the server, as an unknown handler does.
import { quoteIdent } from "../../db/sql-names";
import type { Store } from "../../db/store";
import type { Catalog } from "../../resources/catalog";
import { LEDGER_PROJECTIONS } from "./ledger-projections";

export function createProjectionViews(store: Store, catalog: Catalog): void {
  for (const info of catalog.projections) {
    const name = info.resource.projection!;
    const select = Object.hasOwn(LEDGER_PROJECTIONS, name) ? LEDGER_PROJECTIONS[name] : undefined;
    if (!select)
      throw new Error(`${info.resource.name}: projection '${name}' is not one of the server's ledger projections (${Object.keys(LEDGER_PROJECTIONS).join(", ")})`);
    store.db.exec(`DROP VIEW IF EXISTS ${quoteIdent(info.table)}`);
    store.db.exec(`CREATE VIEW ${quoteIdent(info.table)} AS ${select()}`);
  }
}
