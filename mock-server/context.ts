// Everything the routes share, built once per app from the contract and the database.
import { GrantService } from "./auth/grants";
import { LoginThrottle, UNTHROTTLED } from "./auth/login-throttle";
import { Sessions } from "./auth/sessions";
import type { ServerContract } from "../schema/contract/server-contract";
import { openDatabase } from "./db/open-database";
import { Store } from "./db/store";
import { MenuStore } from "./org/menu-store";
import { locateOrgResources, type OrgResources } from "./org/org-resources";
import type { ResolvedOptions } from "./options";
import { Catalog } from "./resources/catalog";
import { ListService } from "./resources/list-service";
import { Records } from "./resources/records";
import { WriteHooks } from "./resources/write-hooks";

export interface AppContext {
  readonly contract: ServerContract;
  readonly options: ResolvedOptions;
  readonly catalog: Catalog;
  readonly store: Store;
  readonly records: Records;
  readonly lists: ListService;
  readonly sessions: Sessions;
  readonly loginThrottle: LoginThrottle;
  readonly org: OrgResources;
  readonly menus: MenuStore;
  readonly grants: GrantService;
  readonly hooks: WriteHooks;
  readonly clock: () => number;
}

export function createContext(options: ResolvedOptions): AppContext {
  const catalog = new Catalog(options.contract);
  const store = new Store(openDatabase(options.dbFile));
  const records = new Records(store, catalog, options.clock);
  const org = locateOrgResources(catalog);
  const menus = new MenuStore(store, org);
  return {
    contract: options.contract,
    options,
    catalog,
    store,
    records,
    lists: new ListService(store, catalog),
    sessions: new Sessions(store, options.clock, options.sessionTtlMs, options.sessionIdleMs),
    loginThrottle: new LoginThrottle(
      options.clock,
      options.loginThrottle ? {} : { account: UNTHROTTLED, address: UNTHROTTLED },
    ),
    org,
    menus,
    grants: new GrantService(store, records, org, menus),
    hooks: new WriteHooks(),
    clock: options.clock,
  };
}
