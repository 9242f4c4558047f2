// Everything the routes share, built once per app from the contract and the database.
import { GrantService } from "./auth/grants";
import { HashGate } from "./auth/hash-gate";
import { LoginAttempts, UNTHROTTLED } from "./auth/login-attempts";
import { Sessions } from "./auth/sessions";
import type { ServerContract } from "../schema/contract/server-contract";
import { openStore, type Store } from "./db/store";
import { MenuStore } from "./org/menu-store";
import { locateOrgResources, type OrgResources } from "./org/org-resources";
import type { ResolvedOptions } from "./options";
import { Catalog } from "./resources/catalog";
import { ListService } from "./resources/list-service";
import { ReadHooks } from "./resources/read-hooks";
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
  readonly loginAttempts: LoginAttempts;
  /** Password hashes of sign-ins: one at a time, a short queue (auth/hash-gate.ts). */
  readonly signInHashing: HashGate;
  readonly org: OrgResources;
  readonly menus: MenuStore;
  readonly grants: GrantService;
  readonly hooks: WriteHooks;
  /** What the generic reads word for their reader (a stored message in the reader's language). */
  readonly reads: ReadHooks;
  readonly clock: () => number;
}

/**
 * One scrypt at a time leaves the other core to everyone else; 16 waiting is under a second of
 * hashing (about 50 ms each), beyond which a sign-in is refused at once.
 */
const SIGN_IN_HASHES_IN_FLIGHT = 1;
const SIGN_IN_HASHES_QUEUED = 16;

/** `store`: by default one opened on options.dbFile; a command that must not listen for changes brings its own. */
export function createContext(options: ResolvedOptions, store: Store = openStore(options.dbFile)): AppContext {
  const catalog = new Catalog(options.contract);
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
    loginAttempts: new LoginAttempts(store, options.clock, options.loginThrottle ? undefined : UNTHROTTLED),
    signInHashing: new HashGate(SIGN_IN_HASHES_IN_FLIGHT, SIGN_IN_HASHES_QUEUED),
    org,
    menus,
    grants: new GrantService(store, records, org, menus),
    hooks: new WriteHooks(),
    reads: new ReadHooks(),
    clock: options.clock,
  };
}
