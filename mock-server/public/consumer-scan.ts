// The consumer scan call behind the public pages /c and /m/q/:qrcode (spec §2), without a
// token: GET /api/public/scan?code=… looks the code up, counts the query on the code and
// records it in consumer_scans, as the console's 消费者查询记录 shows. Works with whatever of
// trace_codes, products and consumer_scans the manifest declares. The product part of the
// answer is the consumer-facing list of public-product.ts, never the whole record.
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { quoteIdent } from "../db/sql-names";
import { envelopeSchema } from "../envelope";
import { callRoute, type RouteTable } from "../http/route-table";
import { CALLS } from "../../schema/contract/calls";
import type { ResourceInfo } from "../resources/catalog";
import type { Row } from "../resources/row-codec";
import { publicProduct, type PublicProduct } from "./public-product";
import { DEFAULT_SCAN_THRESHOLD, SHOWS_PRODUCT, verdictOf } from "./scan-verdict";
import type { ScanVerdict } from "../../schema/contract/calls";
import { CodeStatus } from "../domain/ledger/event-vocabulary";
import { hasWrongCheckCharacter } from "../domain/lookup/code-format";

/** What the server accepts as a code; the /c page checks the same before it navigates. */
/** issue 13 item 6: scans one address may make per minute (a phone scans a few codes, a guesser thousands). */
export const PUBLIC_SCAN_PER_MINUTE = 60;

export interface ScanAnswer {
  code: string;
  /** scan_result: the verdict of scan-verdict.ts. */
  result: ScanVerdict;
  /** This scan's number among the code's consumer scans (1 for an unknown code). */
  scan_index: number;
  first_scan_at: string | null;
  threshold: number;
  product: PublicProduct | null;
}

const has = (info: ResourceInfo | undefined, name: string): info is ResourceInfo => !!info && info.byName.has(name);

/** Who scanned: the client's address (the connection's, or X-Forwarded-For from a trusted proxy) and browser. */
export interface ScanClient {
  readonly ip: string;
  readonly userAgent: string | undefined;
}

export const scanClientOf = (request: FastifyRequest): ScanClient => ({ ip: request.ip, userAgent: request.headers["user-agent"] });

function recordScan(ctx: AppContext, client: ScanClient, answer: ScanAnswer, productId: number | null, now: string): void {
  const scans = ctx.catalog.find("consumer_scans");
  if (!scans || scans.resource.kind !== "entity") return;
  const values: Row = {
    code: answer.code,
    product_id: productId,
    result: answer.result,
    scan_index: Math.max(1, answer.scan_index),
    ip: /^(\d{1,3}\.){3}\d{1,3}$/.test(client.ip) ? client.ip : null,
    user_agent: client.userAgent?.slice(0, 500) ?? null,
    scanned_at: now,
  };
  ctx.records.insert(scans, Object.fromEntries(Object.entries(values).filter(([name]) => scans.byName.has(name))));
}

/** 预警参数: the first enabled repeated-scan parameter's threshold, else the default. */
export function scanThreshold(ctx: AppContext): number {
  const params = ctx.catalog.find("warning_params");
  if (!has(params, "threshold") || !params.byName.has("rule")) return DEFAULT_SCAN_THRESHOLD;
  const enabled = params.byName.has("enabled") ? `AND "enabled" = 1` : "";
  const row = ctx.store.get<{ threshold: number }>(
    `SELECT "threshold" AS threshold FROM ${quoteIdent(params.table)} WHERE "rule" = 'repeated_scan' ${enabled} ORDER BY "id" LIMIT 1`,
  );
  return row?.threshold ?? DEFAULT_SCAN_THRESHOLD;
}

/**
 * A consumer's scan (the public pages): counts the scan on the code, records it, and answers the
 * verdict. Console, inspector and line scans do not come through here and never change the count.
 */
export function scanCode(ctx: AppContext, client: ScanClient, code: string): ScanAnswer {
  const codes = ctx.catalog.find("trace_codes");
  const now = ctx.records.now();
  const threshold = scanThreshold(ctx);
  return ctx.store.transaction(() => {
    const row = has(codes, "code") ? ctx.store.get<Row>(`SELECT ${codes.selectList} FROM ${quoteIdent(codes.table)} WHERE "code" = ?`, [code]) : undefined;
    let answer: ScanAnswer = {
      code,
      // A mistyped code (its check character wrong) is told apart from a code nobody issued.
      result: hasWrongCheckCharacter(ctx, code) ? "bad_check" : "not_found",
      scan_index: 1,
      first_scan_at: null,
      threshold,
      product: null,
    };
    let productId: number | null = null;
    if (row && codes) {
      const index = Number(row.scan_count ?? 0) + 1;
      const first = (row.first_scan_at as string | null) ?? now;
      const update: Row = {};
      if (codes.byName.has("scan_count")) update.scan_count = index;
      if (codes.byName.has("first_scan_at")) update.first_scan_at = first;
      if (Object.keys(update).length) ctx.records.update(codes, row.id as number, update);
      productId = typeof row.product_id === "number" ? row.product_id : null;
      const result = verdictOf(String(row.status ?? CodeStatus.shipped), index, threshold);
      const batchNo = typeof row.batch_no === "string" ? row.batch_no : null;
      const product = productId === null || !SHOWS_PRODUCT.has(result) ? null : publicProduct(ctx, productId, batchNo);
      answer = { code, result, scan_index: index, first_scan_at: first, threshold, product };
    }
    recordScan(ctx, client, answer, productId, now);
    return answer;
  });
}

export function registerConsumerScanRoute(ctx: AppContext, routes: RouteTable): void {
  routes.add({
    // The code is bounded in the contract and only ever bound as a value: bad characters or a long code are a 400, never a lookup.
    ...callRoute(CALLS.consumerScan, { public: true }),
    // issue 13 item 6: a per-address limit until the consumer-scan issue's guessing rule lands.
    perAddressPerMinute: PUBLIC_SCAN_PER_MINUTE,
    response: envelopeSchema(CALLS.consumerScan.data),
    tags: ["public"],
    handler: (request, query) => scanCode(ctx, scanClientOf(request), query.code as string),
  });
}
