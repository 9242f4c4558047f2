// How one server process tells the others sharing its database that something they may keep in
// memory has changed (docs/decisions/0019-shared-state.md). A process keeps tables' totals, labels,
// grants, live sessions and password-change duty in memory; every write of one of those is
// announced as a change, and every other process that hears it drops what it kept. The writer
// adjusts its own caches itself, exactly as before: a process never acts on its own announcements.
// - SQLite runs in one process: nobody else can write, so announcing is nothing (LocalChangeFeed),
//   and the embedded engine pays nothing for it.
// - PostgreSQL may be shared: a change is a NOTIFY sent in the writing transaction, so it is heard
//   when, and only if, the write commits (pg/pg-change-feed.ts).
import type { Queries } from "./engine/engine";

/** Something a process may keep: a table (all it keeps of it), or one entry of a topic (`key`). */
export interface Change {
  /** A table's name, or a topic named like one (`_sessions`). */
  readonly topic: string;
  /** One entry of the topic (an account, a token's hash); absent: everything of the topic. */
  readonly key?: string;
}

export interface ChangeListener {
  /** Another process committed `change`. */
  changed(change: Change): void;
  /** Changes may have been missed (the feed's connection was lost or has just opened): keep nothing. */
  reset(): void;
}

export interface ChangeFeed {
  /** Whether another process can share the database: when false, nothing is ever published. */
  readonly shared: boolean;
  /** Announces `changes`: inside `within` (a transaction) they are heard when it commits. */
  publish(changes: readonly Change[], within?: Queries): Promise<void>;
  /**
   * publish's statements as SQL without parameters, for a transaction to run with its COMMIT
   * (TransactionOptions.atCommit): the announcement then costs no round trip of its own.
   */
  publishSql(changes: readonly Change[]): string;
  /** The one listener (the store) told of other processes' changes. */
  listen(listener: ChangeListener): void;
  /**
   * Settles once every change committed before this call has been heard (undefined: nothing to
   * wait for). A call that decides who may do what waits for it, so a logout or a revocation
   * answered by one process is seen by the next call on any other; rejects with
   * DatabaseUnavailable while changes cannot be heard.
   */
  caughtUp(): Promise<void> | undefined;
  close(): Promise<void>;
}

/** One process alone on its database (SQLite): there is nobody to tell and nothing to hear. */
export class LocalChangeFeed implements ChangeFeed {
  readonly shared = false;

  publish(): Promise<void> {
    return Promise.resolve();
  }

  publishSql(): string {
    return "";
  }

  listen(): void {}

  caughtUp(): undefined {
    return undefined;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** PostgreSQL's limit on a NOTIFY payload is 8,000 bytes; a margin for the envelope. */
export const PAYLOAD_LIMIT = 7000;

/**
 * The payloads that carry `changes` from `origin`, each under PAYLOAD_LIMIT. Duplicates go once;
 * a topic with too many keys for one payload goes as the whole topic, which drops more but never less.
 */
export function encodeChanges(origin: string, changes: readonly Change[]): string[] {
  const wholeTopics = new Set(changes.filter((change) => change.key === undefined).map((change) => change.topic));
  const keyed = new Map<string, Set<string>>();
  for (const { topic, key } of changes) {
    if (key === undefined || wholeTopics.has(topic)) continue;
    let keys = keyed.get(topic);
    if (!keys) keyed.set(topic, (keys = new Set()));
    keys.add(key);
  }
  const items: [string, string?][] = [...wholeTopics].map((topic) => [topic]);
  for (const [topic, keys] of keyed) {
    const asKeys: [string, string][] = [...keys].map((key) => [topic, key]);
    if (JSON.stringify(asKeys).length > PAYLOAD_LIMIT / 2) items.push([topic]);
    else items.push(...asKeys);
  }
  const payloads: string[] = [];
  let batch: [string, string?][] = [];
  const flush = () => {
    if (batch.length) payloads.push(JSON.stringify({ o: origin, c: batch }));
    batch = [];
  };
  for (const item of items) {
    if (JSON.stringify({ o: origin, c: [...batch, item] }).length > PAYLOAD_LIMIT) flush();
    batch.push(item);
  }
  flush();
  return payloads;
}

/** The changes a payload carries and who sent them; undefined for a payload that is not one of ours. */
export function decodeChanges(payload: string): { origin: string; changes: Change[] } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const { o, c } = (parsed ?? {}) as { o?: unknown; c?: unknown };
  if (typeof o !== "string" || !Array.isArray(c)) return undefined;
  const changes: Change[] = [];
  for (const item of c) {
    if (!Array.isArray(item) || typeof item[0] !== "string") return undefined;
    changes.push(typeof item[1] === "string" ? { topic: item[0], key: item[1] } : { topic: item[0] });
  }
  return { origin: o, changes };
}
