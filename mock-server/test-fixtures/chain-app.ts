// An app on the real contract for the traceability chain's tests: small seed, a movable clock, an
// admin session, and helpers that make the chain's starting points through the real calls (a
// code rule, a generated code order, a work order) and snapshot every table the chain touches.
import { testDatabase } from "./test-database";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import type { AppOptions } from "../options";
import { contract } from "../generated/contract.gen";
import { call, envelope, login } from "./test-app";
import { generationJobs } from "../domain/codes/code-jobs/generation-job";

export const CHAIN_TABLES = [
  "trace_codes",
  "packaging_links",
  "packaging_unlinks",
  "packaging_replacements",
  "handovers",
  "code_activations",
  "code_orders",
  "code_order_closures",
  "production_orders",
  "_ledger_events",
  "_ledger_event_codes",
  "_ledger_biz_transactions",
  "_ledger_parties",
  "waybills",
  "waybill_codes",
  "waybill_reductions",
  "waybill_exchanges",
  "waybill_unlinks",
  "returns",
  "return_unlinks",
  "return_cancellations",
  "_ledger_error_declarations",
  "wms_errors",
];

export interface ChainApp {
  readonly app: FastifyInstance;
  readonly clock: { now: number };
  post(url: string, body: unknown): Promise<ReturnType<typeof envelope>>;
  get(url: string, query: Record<string, string>): Promise<ReturnType<typeof envelope>>;
  readonly all: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  /** Every chain table's rows, for comparing the whole chain before and after a refused call. */
  snapshot(): Promise<Record<string, unknown[]>>;
  /** A code order of `quantity` codes of `level`, generated: its codes in issue order, and its batch id. */
  generated(level: string, quantity: number): Promise<{ orderId: number; batchId: number; codes: string[] }>;
  /** A new planned work order; its id and order_no. */
  workOrder(status?: string): Promise<{ id: number; order_no: string }>;
}

let serial = 0;

/** `extra`: options beyond the chain's own, e.g. a fixture table of scan addresses (ipRegions). */
export async function chainApp(
  extra: Pick<AppOptions, "ipRegions" | "geoRegions" | "ipRegionOverrides" | "publicOrigin"> = {},
): Promise<ChainApp> {
  const clock = { now: Date.parse("2024-06-01T08:00:00Z") };
  const app = await buildApp({
    contract,
    dbFile: await testDatabase(),
    seedAnchor: "2024-06-01",
    seedScale: 0.05,
    clock: () => clock.now,
    docs: false,
    ...extra,
  });
  const token = await login(app, "admin");
  const post = async (url: string, body: unknown) => envelope(await call(app, { method: "POST", url, body, token }));
  const get = async (url: string, query: Record<string, string>) =>
    envelope(await call(app, { method: "GET", url, query, token }));
  const all = (sql: string, params: unknown[] = []) =>
    app.consoleContext.store.all<Record<string, unknown>>(sql, params as never[]);
  /** The record a setup call created; a refusal stops the setup. */
  const must = (body: Awaited<ReturnType<typeof post>>): { id: number } => {
    if (body.code !== 0) throw new Error(`chain setup refused: ${body.message}`);
    return body.data as { id: number };
  };
  const firstId = async (table: string) => (await all(`SELECT id FROM "${table}" ORDER BY id LIMIT 1`))[0].id as number;
  return {
    app,
    clock,
    post,
    get,
    all,
    async snapshot() {
      const tables: Record<string, unknown[]> = {};
      for (const table of CHAIN_TABLES) tables[table] = await all(`SELECT * FROM "${table}" ORDER BY 1, 2`);
      return tables;
    },
    async generated(level, quantity) {
      serial += 1;
      const rule = must(
        await post("/api/tagging/coderules/add", {
          rule_code: `TR${serial}`,
          rule_name: `测试规则${serial}`,
          code_type: level,
          kind: "segments",
          length: 20,
          charset: "alphanumeric",
          segments: "level + random:18 + check",
          status: "enabled",
        }),
      );
      const order = must(
        await post("/api/tagging/codeorders/add", { order_no: `TO${serial}`, rule_id: rule.id, quantity }),
      );
      must(await post("/api/tagging/codeorders/generate", { id: order.id }));
      // Generation is a job (domain/codes/code-jobs): wait until it has issued the codes.
      await generationJobs(app.consoleContext).idle();
      const codes = (await all(`SELECT code FROM trace_codes WHERE order_id = ? ORDER BY id`, [order.id])).map(
        (row) => row.code as string,
      );
      const batchId = (await all(`SELECT id FROM code_batches WHERE order_id = ?`, [order.id]))[0].id as number;
      return { orderId: order.id, batchId, codes };
    },
    async workOrder(status = "planned") {
      serial += 1;
      const order_no = `WO-T${serial}`;
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
      if (status !== "planned")
        await app.consoleContext.store.run(`UPDATE production_orders SET status = ? WHERE id = ?`, [
          status,
          created.id,
        ]);
      return { id: created.id, order_no };
    },
  };
}
