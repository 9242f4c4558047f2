// Changes between server processes on one PostgreSQL (db/change-feed.ts), by LISTEN/NOTIFY on one
// channel whose payload names the tables and keys. Each process holds one listening connection of
// its own, outside the pool. Rules:
// - A change is a pg_notify in the writing transaction: PostgreSQL delivers it at commit, never for
//   a rollback. A process ignores its own (it adjusted its caches when it wrote).
// - Caches are trusted only while the connection listens: when it opens, and again whenever it is
//   lost, every cache is dropped (notifications may have been missed), and it reconnects by itself.
// - caughtUp() is a round trip on the listening connection: PostgreSQL sends a session the
//   notifications already committed before it answers the session's query, so once it settles,
//   every change committed before the call has been heard. Concurrent calls share one round trip
//   (one sent after the latest of them began).
import { randomUUID } from "node:crypto";
import pg from "pg";
import { decodeChanges, encodeChanges, type Change, type ChangeFeed, type ChangeListener } from "../change-feed";
import { DatabaseError, DatabaseUnavailable, fromPostgresError } from "../engine/database-errors";
import type { Queries } from "../engine/engine";

export const CHANGE_CHANNEL = "console_changes";
/** The listening connection's application_name, so an operator can tell it in pg_stat_activity. */
export const LISTENER_NAME = "console-change-listener";
/** A lost listening connection is tried again this often until it is back. */
const RECONNECT_MS = 1000;
const CONNECT_TIMEOUT_MS = 5000;

const unavailable = (error: unknown): DatabaseError => {
  const mapped = fromPostgresError(error);
  return mapped instanceof DatabaseError
    ? mapped
    : new DatabaseUnavailable(error instanceof Error ? error.message : String(error), { cause: error });
};

export class PgChangeFeed implements ChangeFeed {
  readonly shared = true;
  /** Names this feed's own notifications (two apps of one test process are two origins). */
  readonly origin = randomUUID();
  private listener: ChangeListener | undefined;
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private inFlight: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  /** `engine` sends the notifications of writes made outside a transaction. */
  constructor(
    private readonly url: string,
    private readonly engine: Queries,
  ) {
    this.connect().catch(() => this.retryLater());
  }

  async publish(changes: readonly Change[], within: Queries = this.engine): Promise<void> {
    for (const payload of encodeChanges(this.origin, changes))
      await within.query("SELECT pg_notify(?, ?)", [CHANGE_CHANNEL, payload]);
  }

  publishSql(changes: readonly Change[]): string {
    // The payloads are JSON text written in as escape-string literals (E'…'), which read a
    // backslash as an escape whatever standard_conforming_strings says: backslashes and quotes doubled.
    return encodeChanges(this.origin, changes)
      .map(
        (payload) => `SELECT pg_notify('${CHANGE_CHANNEL}', E'${payload.replace(/\\/g, "\\\\").replace(/'/g, "''")}')`,
      )
      .join(";\n");
  }

  listen(listener: ChangeListener): void {
    this.listener = listener;
  }

  caughtUp(): Promise<void> {
    if (!this.inFlight) return this.roundTrip();
    // The round trip under way was sent before this call began: it may not cover it.
    return (this.queued ??= this.inFlight.then(
      () => this.roundTrip(),
      () => this.roundTrip(),
    ));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private roundTrip(): Promise<void> {
    this.queued = undefined;
    const trip = (async () => {
      const client = this.client;
      if (client)
        try {
          await client.query("SELECT 1");
          return;
        } catch {
          // Cut since it last answered (the database restarted, an operator ended it): listen anew.
          this.lost(client);
        }
      try {
        await (await this.connect()).query("SELECT 1");
      } catch (error) {
        this.retryLater();
        throw unavailable(error);
      }
    })().finally(() => {
      if (this.inFlight === trip) this.inFlight = undefined;
    });
    this.inFlight = trip;
    return trip;
  }

  private connect(): Promise<pg.Client> {
    this.connecting ??= this.open().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    if (this.closed) throw new DatabaseUnavailable("the store is closed");
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      application_name: LISTENER_NAME,
    });
    client.on("notification", (message) => this.heard(message.payload));
    client.on("error", () => this.lost(client));
    client.on("end", () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw unavailable(error);
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      throw new DatabaseUnavailable("the store is closed");
    }
    this.client = client;
    // Listening from now on; whatever was kept before may have missed a change.
    this.listener?.reset();
    return client;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.listener?.reset();
    client.end().catch(() => undefined);
    this.retryLater();
  }

  private retryLater(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (!this.client) this.connect().catch(() => this.retryLater());
    }, RECONNECT_MS);
    this.retry.unref();
  }

  private heard(payload: string | undefined): void {
    const decoded = payload === undefined ? undefined : decodeChanges(payload);
    if (!decoded || decoded.origin === this.origin) return;
    for (const change of decoded.changes) this.listener?.changed(change);
  }
}
