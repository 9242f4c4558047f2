// Counts what a call costs the database in messages, a figure the shared machine's load cannot move:
// every statement the call itself sends, and on PostgreSQL the round trips they take. Only the
// call's own statements count (those sent from its asynchronous context, AsyncLocalStorage): a
// background job of the same process, a timer or another test's request running meanwhile sends
// from a context of its own, and counting them made a test's figure follow the machine's load.
// PostgreSQL: every statement node-postgres sends, on any connection (the pool's and the change
// feed's own); a statement sent while another is in flight on a connection in pipeline mode shares
// that round trip, otherwise each is one. SQLite: every statement better-sqlite3 runs, prepared or
// executed; it has no round trips (0).
import { AsyncLocalStorage } from "node:async_hooks";
import Database from "better-sqlite3";
import pg from "pg";

export interface Counted {
  /** The statements sent, in order, as their SQL text. */
  readonly statements: string[];
  readonly roundTrips: number;
}

interface Tally {
  readonly statements: string[];
  roundTrips: number;
}

type Method = (this: unknown, ...args: unknown[]) => unknown;

const tallies = new AsyncLocalStorage<Tally>();
const inFlight = new WeakMap<pg.Client, number>();

/** Replaces `owner[name]` by a version that first tells `seen` of the call; answers how to put it back. */
function watch(owner: Record<string, Method>, name: string, seen: (self: unknown, args: unknown[]) => void) {
  const original = owner[name];
  owner[name] = function (this: unknown, ...args: unknown[]) {
    seen(this, args);
    return original.apply(this, args);
  };
  return () => void (owner[name] = original);
}

function watchPostgres(): () => void {
  const prototype = pg.Client.prototype as unknown as Record<string, Method>;
  const original = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const tally = tallies.getStore();
    if (!tally) return original.apply(this, args);
    const client = this as pg.Client;
    const config = args[0] as string | { text?: string };
    tally.statements.push(typeof config === "string" ? config : (config.text ?? ""));
    const pipelined = (client as unknown as { pipeline?: boolean }).pipeline === true;
    if (!pipelined || !inFlight.get(client)) tally.roundTrips += 1;
    inFlight.set(client, (inFlight.get(client) ?? 0) + 1);
    const answer = original.apply(this, args);
    const settled = () => inFlight.set(client, (inFlight.get(client) ?? 1) - 1);
    if (answer instanceof Promise) answer.then(settled, settled);
    else settled();
    return answer;
  };
  return () => void (prototype.query = original);
}

function watchSqlite(): () => void {
  const probe = new Database(":memory:");
  const statement = Object.getPrototypeOf(probe.prepare("SELECT 1")) as Record<string, Method>;
  const database = Object.getPrototypeOf(probe) as Record<string, Method>;
  probe.close();
  const ran = (sql: string) => tallies.getStore()?.statements.push(sql);
  const restore = [
    ...["run", "get", "all", "iterate"].map((name) =>
      watch(statement, name, (self) => ran((self as { source: string }).source)),
    ),
    watch(database, "exec", (_self, args) => ran(args[0] as string)),
  ];
  return () => restore.forEach((undo) => undo());
}

/** Runs `work` and answers its result with the statements it sent. Not re-entrant. */
export async function countStatements<T>(work: () => Promise<T>): Promise<Counted & { result: T }> {
  const tally: Tally = { statements: [], roundTrips: 0 };
  const restore = [watchPostgres(), watchSqlite()];
  try {
    // Awaited inside the context: inject() answers a thenable that sends the request only when awaited.
    const result = await tallies.run(tally, async () => await work());
    return { result, statements: tally.statements, roundTrips: tally.roundTrips };
  } finally {
    restore.forEach((undo) => undo());
  }
}
