// The chain's test helpers (chain-app.ts's post, all, generated, workOrder) over several real
// server processes on one PostgreSQL database: each call goes to the next process in turn, so
// consecutive steps of a walk run in different processes; reads go to the database itself. One
// sign-in, on the first process, serves them all: sessions live in the database.
import pg from "pg";
import type { ChainApp } from "./chain-app";
import { chainStarts } from "./chain-starts";
import type { Envelope, ServerProcess } from "./server-process";

/** The calls chain fixtures (logistics-stock.ts) make, alternating between `servers`. */
export type AlternatingChain = Pick<ChainApp, "post" | "all" | "generated" | "workOrder"> & {
  /** Which process answered each call so far, by index in `servers`. */
  readonly answeredBy: number[];
};

export async function alternatingChain(servers: readonly ServerProcess[], db: pg.Client): Promise<AlternatingChain> {
  const token = await servers[0].login();
  const answeredBy: number[] = [];
  let next = 0;
  const post = async (url: string, body: unknown): Promise<Envelope> => {
    const index = next++ % servers.length;
    answeredBy.push(index);
    return await servers[index].call(token, url, body);
  };
  // Integers come back as numbers, as the store answers them (pg gives BIGINT as text).
  const INT8 = 20;
  const parserOf = (oid: number): ((text: string) => unknown) =>
    oid === INT8 ? Number : (pg.types.getTypeParser(oid, "text") as (text: string) => unknown);
  const types = { getTypeParser: parserOf as unknown as typeof pg.types.getTypeParser };
  const all = async (sql: string, params: unknown[] = []) => {
    let n = 0;
    const text = sql.replace(/\?/g, () => `$${++n}`);
    return (await db.query({ text, values: params, types })).rows as Record<string, unknown>[];
  };
  const starts = chainStarts({ post, all, run: all }, "A", async (orderId) => {
    // The job runs in whichever process holds its lease: wait for the batch, not for a process.
    for (let tries = 0; tries < 600; tries += 1) {
      const [batch] = await all(`SELECT id, status FROM code_batches WHERE order_id = ?`, [orderId]);
      if (batch?.status === "done") return Number(batch.id);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`code order ${orderId} was not generated within a minute`);
  });
  return { answeredBy, post, all, ...starts };
}
