// Options of buildApp and their defaults, in one place, so no caller keeps a default of its own.
import type { FastifyServerOptions } from "fastify";
import type { ServerContract } from "../schema/contract/server-contract";
import type { SettableClock } from "./dev-clock";
import { chinaGeoLookup, type GeoRegionLookup } from "./regions/geo-region";
import { ip2regionLookup, type IpRegionLookup } from "./regions/ip-region";
import { checkedPublicOrigin } from "./public-origin";

export const DEFAULT_PUBLIC_ORIGIN = "http://localhost:3000";

export interface AppOptions {
  readonly contract: ServerContract;
  /** A SQLite file (':memory:' for tests) or a postgres:// URL. Default .data/console.db (databaseLocation). */
  readonly dbFile?: string;
  /** Seed demo data when the database has never been seeded. Default true. */
  readonly seed?: boolean;
  /** Rows per resource = seedRows × scale. */
  readonly seedScale?: number;
  /** The day seeded dates lead up to (YYYY-MM-DD); default today. Same anchor, same data. */
  readonly seedAnchor?: string;
  /**
   * Where browsers and phones reach this server (public-origin.ts): every public link it forms
   * starts here — a code's consumer URL and QR code, a batch download's URLs, seeded images. An
   * http(s) origin; a trailing slash is dropped, a path refused. Default http://localhost:3000;
   * server.ts and seed-cli.ts read it from PUBLIC_ORIGIN (publicOriginFromEnv).
   */
  readonly publicOrigin?: string;
  readonly sessionTtlMs?: number;
  /** A session unused this long ends. Default 30 min; server.ts reads SESSION_IDLE_MINUTES. */
  readonly sessionIdleMs?: number;
  /**
   * Addresses whose X-Forwarded-For is believed (fastify's trustProxy: true, a list of
   * addresses/CIDRs). Default false: the address is the connection's.
   */
  readonly trustProxy?: boolean | string | string[];
  /** Sign-in throttling. Default true; bench/login-flood turns it off to time the hashing alone. */
  readonly loginThrottle?: boolean;
  /**
   * On PostgreSQL, make a new database's growing tables partitioned (db/partitions/growing-tables.ts).
   * Default true; env PARTITIONED_LAYOUT=0 makes plain tables (mock-server/README.md, "Partitioned layout").
   */
  readonly partitionedLayout?: boolean;
  /** Milliseconds since the epoch; tests move it to expire sessions. */
  readonly clock?: () => number;
  readonly logger?: FastifyServerOptions["logger"];
  /** Serve the OpenAPI document and viewer at /api/docs. Default true. */
  readonly docs?: boolean;
  /** A built console (dist/) to serve from the same origin with history fallback. */
  readonly consoleRoot?: string;
  /**
   * Where a scan's address lies: a GB/T 2260 region code or null. Default
   * ip2region's offline database; tests give a fixture table (ipRegionTable).
   */
  readonly ipRegions?: IpRegionLookup;
  /**
   * A CSV file of `CIDR,region code` lines (public/ip-region-overrides.ts): operators' corrections,
   * asked before ipRegions. Read at start, where a bad line stops the server; read again when the
   * file changes, where a bad line keeps the table in force. server.ts reads IP_REGION_OVERRIDES.
   */
  readonly ipRegionOverrides?: string;
  /**
   * Where an inspector's GPS position lies: a city code or null. Default the
   * city outlines of china-geojson; tests give a fixture table (geoRegionTable).
   */
  readonly geoRegions?: GeoRegionLookup;
  /**
   * The clock the /api/dev/clock call moves (dev-clock.ts); give it only in development and test
   * mode. Absent (production, the default): the call does not exist.
   */
  readonly clockControl?: SettableClock;
  /**
   * The version of the contract file a development server reloads in place (live/contract-file.ts).
   * Given: GET /api/dev/contract answers it, so the dev tools know when a new contract is served.
   */
  readonly contractVersion?: string;
  /**
   * How often EPCIS subscriptions are looked at for new events to push (epcis/delivery-timing.ts).
   * Default 1 s; 0 starts no loop (tests run delivery rounds themselves).
   */
  readonly subscriptionPollMs?: number;
}

export const DEFAULT_DB_FILE = ".data/console.db";

/** The layout env PARTITIONED_LAYOUT asks for: "0" opts out of the partitioned one; anything else leaves the default. */
export const partitionedLayoutFromEnv = (env: NodeJS.ProcessEnv): boolean | undefined =>
  env.PARTITIONED_LAYOUT === "0" ? false : undefined;

/** Where the data lives: DATABASE_URL (postgres://…) when set, else the SQLite file DB_FILE, else the default file. */
export const databaseLocation = (env: NodeJS.ProcessEnv = process.env): string =>
  env.DATABASE_URL || env.DB_FILE || DEFAULT_DB_FILE;
export const DEFAULT_SESSION_TTL_MS = 12 * 3600 * 1000;
export const DEFAULT_SESSION_IDLE_MS = 30 * 60 * 1000;
/** Password of every new account and of an administrator's reset: published, so good for one sign-in. */
export const INITIAL_PASSWORD = "111111";
/**
 * Password of the seeded demo accounts admin and editor. Deliberately not the initial password:
 * no account may keep the initial one, and the demo accounts are not exempt from that rule.
 */
export const DEMO_PASSWORD = "trace-demo";
export const BODY_LIMIT = 1024 * 1024;
/** How long fastify waits for the app's plugin: seeding a first database can take longer than its 10 s on a busy machine. */
export const PLUGIN_TIMEOUT_MS = 120_000;
export const DEFAULT_SUBSCRIPTION_POLL_MS = 1_000;

export type ResolvedOptions = Required<
  Omit<AppOptions, "logger" | "consoleRoot" | "trustProxy" | "clockControl" | "contractVersion" | "ipRegionOverrides">
> &
  Pick<AppOptions, "logger" | "consoleRoot" | "trustProxy" | "clockControl" | "contractVersion" | "ipRegionOverrides">;

export function resolveOptions(options: AppOptions): ResolvedOptions {
  return {
    contract: options.contract,
    dbFile: options.dbFile ?? DEFAULT_DB_FILE,
    seed: options.seed ?? true,
    seedScale: options.seedScale ?? 1,
    seedAnchor: options.seedAnchor ?? new Date().toISOString().slice(0, 10),
    publicOrigin: checkedPublicOrigin(options.publicOrigin ?? DEFAULT_PUBLIC_ORIGIN),
    sessionTtlMs: options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS,
    sessionIdleMs: options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS,
    trustProxy: options.trustProxy,
    loginThrottle: options.loginThrottle ?? true,
    // A clock the dev call moves is the server's clock too.
    clock: options.clockControl?.now ?? options.clock ?? Date.now,
    clockControl: options.clockControl,
    contractVersion: options.contractVersion,
    logger: options.logger,
    docs: options.docs ?? true,
    consoleRoot: options.consoleRoot,
    ipRegions: options.ipRegions ?? ip2regionLookup(),
    ipRegionOverrides: options.ipRegionOverrides,
    geoRegions: options.geoRegions ?? chinaGeoLookup(),
    subscriptionPollMs: options.subscriptionPollMs ?? DEFAULT_SUBSCRIPTION_POLL_MS,
    partitionedLayout: options.partitionedLayout ?? true,
  };
}
