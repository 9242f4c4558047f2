// Counts what a call costs PostgreSQL in messages, a figure the shared machine's load cannot move:
// every statement node-postgres sends, on any connection of the process (the pool's and the change
// feed's own), and the round trips they take. A statement sent while another is in flight on a
// connection in pipeline mode shares that round trip; otherwise each is one.
import pg from "pg";

export interface Counted {
  /** The statements sent, in order, as their SQL text. */
  readonly statements: string[];
  readonly roundTrips: number;
}

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

const inFlight = new WeakMap<pg.Client, number>();

/** Runs `work` and answers its result with what it sent to PostgreSQL. Not re-entrant. */
export async function countStatements<T>(work: () => Promise<T>): Promise<Counted & { result: T }> {
  const prototype = pg.Client.prototype as unknown as { query: Query };
  const original = prototype.query;
  const statements: string[] = [];
  let roundTrips = 0;
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string };
    statements.push(typeof config === "string" ? config : (config.text ?? ""));
    const pipelined = (this as unknown as { pipeline?: boolean }).pipeline === true;
    if (!pipelined || !inFlight.get(this)) roundTrips += 1;
    inFlight.set(this, (inFlight.get(this) ?? 0) + 1);
    const answer = original.apply(this, args);
    const settled = () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
    if (answer instanceof Promise) answer.then(settled, settled);
    else settled();
    return answer;
  };
  try {
    const result = await work();
    return { result, statements, roundTrips };
  } finally {
    prototype.query = original;
  }
}
