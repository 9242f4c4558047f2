// What the chain's rules depend on: the store, the records and catalog of the contract's tables,
// the server clock, and the two settings a rule reads (the public origin of consumer URLs, the
// offline GPS → city lookup). The app context satisfies it as it is, so an adapter passes its own;
// nothing wider (sessions, hooks, menus, the HTTP layer) reaches a rule.
import type { Store } from "../db/store";
import type { GeoRegionLookup } from "../regions/geo-region";
import type { Catalog } from "../resources/catalog";
import type { ChainRecords } from "./chain-records";

export interface ChainSettings {
  /** The origin a consumer URL names (PUBLIC_ORIGIN). */
  readonly publicOrigin: string;
  /** The city a GPS position lies in, offline. */
  readonly geoRegions: GeoRegionLookup;
}

export interface ChainContext {
  readonly store: Store;
  readonly records: ChainRecords;
  readonly catalog: Catalog;
  readonly clock: () => number;
  readonly options: ChainSettings;
}
