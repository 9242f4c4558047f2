// Per-address limits (RouteSpec.perAddressPerMinute, the public scan's ceiling) counted where every
// server process on the database sees them: a flood spread over several processes behind one
// address is held at the same ceiling as one process would hold it. A fixed window per route and
// address, as @fastify/rate-limit's own store counts it: the first hit opens the window, each hit
// adds one, a hit after the window opens a new one.
// PostgreSQL only: on SQLite one process serves the database and the plugin's in-memory store is
// already the whole truth (and costs no write). The table is UNLOGGED: a count lives one minute, so
// a crash that loses it loses no more than a restart did, and a scan pays no WAL flush for it.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Store } from "../db/store";

const TABLE_DDL = `CREATE UNLOGGED TABLE IF NOT EXISTS _address_hits (
  route TEXT NOT NULL, address TEXT NOT NULL, hits BIGINT NOT NULL, window_start BIGINT NOT NULL,
  PRIMARY KEY (route, address)
)`;

/** Counts one hit; a window that ended at or before the bound `?` starts again at this hit. */
const HIT_SQL = `INSERT INTO _address_hits AS h (route, address, hits, window_start) VALUES (?, ?, 1, ?)
ON CONFLICT (route, address) DO UPDATE SET
  hits = CASE WHEN h.window_start <= ? THEN 1 ELSE h.hits + 1 END,
  window_start = CASE WHEN h.window_start <= ? THEN excluded.window_start ELSE h.window_start END
RETURNING hits, window_start`;

/** Ended windows are deleted every this many hits, so addresses seen once do not grow the table. */
const PRUNE_EVERY = 1024;

interface Hit {
  readonly current: number;
  readonly ttl: number;
}

export class AddressHits {
  private table: Promise<void> | undefined;
  private hits = 0;

  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a hit of `address` on `route`: the hits of its window so far, and the ms left of it. */
  async hit(route: string, address: string, windowMs: number): Promise<Hit> {
    await this.ready();
    const now = this.now();
    const ended = now - windowMs;
    if (++this.hits % PRUNE_EVERY === 0)
      await this.store.run("DELETE FROM _address_hits WHERE route = ? AND window_start <= ?", [route, ended]);
    const row = await this.store.get<{ hits: number; window_start: number }>(HIT_SQL, [
      route,
      address,
      now,
      ended,
      ended,
    ]);
    if (!row) throw new Error("the address count answered no row");
    return { current: row.hits, ttl: row.window_start + windowMs - now };
  }

  private ready(): Promise<void> {
    this.table ??= this.store.engine.exec(TABLE_DDL).catch((error: unknown) => {
      this.table = undefined; // a database that was away: try again on the next hit
      throw error;
    });
    return this.table;
  }
}

/** The plugin's store for one limited route (the root store, route "", limits none). */
class RouteLimit implements FastifyRateLimitStore {
  constructor(
    private readonly hits: AddressHits,
    private readonly route: string,
  ) {}

  incr(key: string, callback: (error: Error | null, result?: Hit) => void, timeWindow: number): void {
    this.hits.hit(this.route, key, timeWindow).then(
      (hit) => callback(null, hit),
      (error: Error) => callback(error),
    );
  }

  child(options: unknown): FastifyRateLimitStore {
    return new RouteLimit(this.hits, routeOf(options));
  }
}

/**
 * The plugin's store for `store`'s database: counts in the database where other processes may share
 * it; undefined (the plugin's in-memory store) where one process is alone on it.
 */
export function sharedAddressLimits(store: Store): FastifyRateLimitStoreCtor | undefined {
  if (!store.changes.shared) return undefined;
  const hits = new AddressHits(store);
  return class extends RouteLimit {
    constructor() {
      super(hits, "");
    }
  };
}

/** A limited route's name in the table: its method and URL pattern. */
function routeOf(options: unknown): string {
  const info = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return `${text(info?.method)} ${text(info?.url)}`;
}
