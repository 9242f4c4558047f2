// The chain's starting points made through the real calls: a code rule and its generated code order,
// a planned work order. Shared by the one-app fixture (chain-app.ts) and the several-process one
// (alternating-chain.ts), which differ only in how calls are sent and how a generation job is awaited.

interface Answer {
  readonly code: number;
  readonly message: string;
  readonly data: unknown;
}

export interface ChainCalls {
  readonly post: (url: string, body: unknown) => Promise<Answer>;
  readonly all: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  /** A statement that returns no rows (a work order set straight to a later status). */
  readonly run: (sql: string, params: unknown[]) => Promise<unknown>;
}

export interface ChainStarts {
  /** A code order of `quantity` codes of `level`, generated: its codes in issue order, and its batch id. */
  readonly generated: (
    level: string,
    quantity: number,
  ) => Promise<{ orderId: number; batchId: number; codes: string[] }>;
  /** A new work order (planned, or set to `status`); its id and order_no. */
  readonly workOrder: (status?: string) => Promise<{ id: number; order_no: string }>;
}

/** The record a setup call created; a refusal stops the setup. */
function must(answer: Answer): { id: number } {
  if (answer.code !== 0) throw new Error(`chain setup refused: ${answer.message}`);
  return answer.data as { id: number };
}

/**
 * `tag` keeps the numbers of one fixture's records apart from another's; `issued` waits until the
 * order's generation job has issued its codes and answers the batch's id.
 */
export function chainStarts(calls: ChainCalls, tag: string, issued: (orderId: number) => Promise<number>): ChainStarts {
  const { post, all, run } = calls;
  let serial = 0;
  const firstId = async (table: string) => (await all(`SELECT id FROM "${table}" ORDER BY id LIMIT 1`))[0].id as number;
  return {
    async generated(level, quantity) {
      serial += 1;
      const rule = must(
        await post("/api/tagging/coderules/add", {
          rule_code: `${tag}R${serial}`,
          rule_name: `测试规则${tag}${serial}`,
          code_type: level,
          kind: "segments",
          length: 20,
          charset: "alphanumeric",
          segments: "level + random:18 + check",
          status: "enabled",
        }),
      );
      const order = must(
        await post("/api/tagging/codeorders/add", { order_no: `${tag}O${serial}`, rule_id: rule.id, quantity }),
      );
      must(await post("/api/tagging/codeorders/generate", { id: order.id }));
      const batchId = await issued(order.id);
      const codes = (await all(`SELECT code FROM trace_codes WHERE order_id = ? ORDER BY id`, [order.id])).map(
        (row) => row.code as string,
      );
      return { orderId: order.id, batchId, codes };
    },
    async workOrder(status = "planned") {
      serial += 1;
      const order_no = `WO-${tag}${serial}`;
      const created = must(
        await post("/api/plant/productionorders/add", {
          order_no,
          product_id: await firstId("products"),
          line_id: await firstId("production_lines"),
          batch_no: `L${serial}`,
          planned_qty: 100,
          production_date: "2024-06-01",
          expiry_date: "2025-06-01",
        }),
      );
      if (status !== "planned") await run(`UPDATE production_orders SET status = ? WHERE id = ?`, [status, created.id]);
      return { id: created.id, order_no };
    },
  };
}
