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
import { chainStarts, type ChainStarts } from "./chain-starts";

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

export interface ChainApp extends ChainStarts {
  readonly app: FastifyInstance;
  readonly clock: { now: number };
  post(url: string, body: unknown): Promise<ReturnType<typeof envelope>>;
  get(url: string, query: Record<string, string>): Promise<ReturnType<typeof envelope>>;
  readonly all: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  /** Every chain table's rows, for comparing the whole chain before and after a refused call. */
  snapshot(): Promise<Record<string, unknown[]>>;
}

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
  const starts = chainStarts(
    { post, all, run: (sql, params) => app.consoleContext.store.run(sql, params as never[]) },
    "T",
    async (orderId) => {
      // Generation is a job (domain/codes/code-jobs): wait until it has issued the codes.
      await generationJobs(app.consoleContext).idle();
      return (await all(`SELECT id FROM code_batches WHERE order_id = ?`, [orderId]))[0].id as number;
    },
  );
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
    ...starts,
  };
}
