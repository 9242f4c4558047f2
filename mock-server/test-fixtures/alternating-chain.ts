// The chain's test helpers (chain-app.ts's post, all, generated, workOrder) over several real
// server processes on one PostgreSQL database: each call goes to the next process in turn, so
// consecutive steps of a walk run in different processes; reads go to the database itself. One
// sign-in, on the first process, serves them all: sessions live in the database.
import pg from "pg";
import type { ChainApp } from "./chain-app";
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
  const must = (body: Envelope): { id: number } => {
    if (body.code !== 0) throw new Error(`chain setup refused: ${body.message}`);
    return body.data as { id: number };
  };
  let serial = 0;
  return {
    answeredBy,
    post: post,
    all,
    async generated(level, quantity) {
      serial += 1;
      const rule = must(
        await post("/api/tagging/coderules/add", {
          rule_code: `AR${serial}`,
          rule_name: `交替规则${serial}`,
          code_type: level,
          kind: "segments",
          length: 20,
          charset: "alphanumeric",
          segments: "level + random:18 + check",
          status: "enabled",
        }),
      );
      const order = must(
        await post("/api/tagging/codeorders/add", { order_no: `AO${serial}`, rule_id: rule.id, quantity }),
      );
      must(await post("/api/tagging/codeorders/generate", { id: order.id }));
      // The job runs in whichever process holds its lease: wait for the batch, not for a process.
      for (let tries = 0; tries < 600; tries += 1) {
        const [batch] = await all(`SELECT id, status FROM code_batches WHERE order_id = ?`, [order.id]);
        if (batch?.status === "done") {
          const codes = (await all(`SELECT code FROM trace_codes WHERE order_id = ? ORDER BY id`, [order.id])).map(
            (row) => row.code as string,
          );
          return { orderId: order.id, batchId: Number(batch.id), codes };
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`code order ${order.id} was not generated within a minute`);
    },
    async workOrder(status = "planned") {
      serial += 1;
      const order_no = `WO-A${serial}`;
      const [product] = await all(`SELECT id FROM products ORDER BY id LIMIT 1`);
      const [line] = await all(`SELECT id FROM production_lines ORDER BY id LIMIT 1`);
      const created = must(
        await post("/api/plant/productionorders/add", {
          order_no,
          product_id: product.id,
          line_id: line.id,
          batch_no: `LA${serial}`,
          planned_qty: 100,
          production_date: "2024-06-01",
          expiry_date: "2025-06-01",
        }),
      );
      if (status !== "planned") await all(`UPDATE production_orders SET status = ? WHERE id = ?`, [status, created.id]);
      return { id: created.id, order_no };
    },
  };
}
