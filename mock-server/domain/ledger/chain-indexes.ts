// Indexes the chain's rules need that the manifest declares no list index for. Made when the
// database is prepared (app.ts prepareDatabase), so every database the server opens has them, not
// only one the seed made.
import type { Store } from "../../db/store";
import type { Catalog } from "../../resources/catalog";

/** Server-owned index names start with "_chain_", as the scan's start with "_scan_". */
export const CHAIN_PARENT_INDEX = "_chain_trace_codes_parent";

/**
 * The rules walk package trees by parent (contentsOf, childrenOf, a box's items at shipping or
 * return): without this index each walk reads every code.
 */
export async function createChainIndexes(store: Store, catalog: Catalog): Promise<void> {
  const codes = catalog.find("trace_codes");
  if (!codes?.byName.has("parent_code")) return;
  await store.exec(`CREATE INDEX IF NOT EXISTS "${CHAIN_PARENT_INDEX}" ON "${codes.table}" ("parent_code")`);
}
