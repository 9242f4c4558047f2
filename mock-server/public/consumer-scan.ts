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

/** What the server accepts as a code; the /c page checks the same before it navigates. */
/** issue 13 item 6: scans one address may make per minute (a phone scans a few codes, a guesser thousands). */
export const PUBLIC_SCAN_PER_MINUTE = 60;

export interface ScanAnswer {
  code: string;
  /** scan_result: genuine (first query), repeated, not_found. */
  result: "genuine" | "repeated" | "not_found";
  scan_index: number;
  first_scan_at: string | null;
  product: PublicProduct | null;
}

const has = (info: ResourceInfo | undefined, name: string): info is ResourceInfo => !!info && info.byName.has(name);

function recordScan(ctx: AppContext, request: FastifyRequest, answer: ScanAnswer, productId: number | null, now: string): void {
  const scans = ctx.catalog.find("consumer_scans");
  if (!scans || scans.resource.kind !== "entity") return;
  const values: Row = {
    code: answer.code,
    product_id: productId,
    result: answer.result,
    scan_index: Math.max(1, answer.scan_index),
    ip: /^(\d{1,3}\.){3}\d{1,3}$/.test(request.ip) ? request.ip : null,
    user_agent: request.headers["user-agent"]?.slice(0, 500) ?? null,
    scanned_at: now,
  };
  ctx.records.insert(scans, Object.fromEntries(Object.entries(values).filter(([name]) => scans.byName.has(name))));
}

export function scanCode(ctx: AppContext, request: FastifyRequest, code: string): ScanAnswer {
  const codes = ctx.catalog.find("trace_codes");
  const now = ctx.records.now();
  return ctx.store.transaction(() => {
    const row = has(codes, "code") ? ctx.store.get<Row>(`SELECT ${codes.selectList} FROM ${quoteIdent(codes.table)} WHERE "code" = ?`, [code]) : undefined;
    let answer: ScanAnswer = { code, result: "not_found", scan_index: 1, first_scan_at: null, product: null };
    let productId: number | null = null;
    if (row && codes) {
      const index = Number(row.scan_count ?? 0) + 1;
      const first = (row.first_scan_at as string | null) ?? now;
      const update: Row = {};
      if (codes.byName.has("scan_count")) update.scan_count = index;
      if (codes.byName.has("first_scan_at")) update.first_scan_at = first;
      if (Object.keys(update).length) ctx.records.update(codes, row.id as number, update);
      productId = typeof row.product_id === "number" ? row.product_id : null;
      const batchNo = typeof row.batch_no === "string" ? row.batch_no : null;
      const product = productId === null ? null : publicProduct(ctx, productId, batchNo);
      answer = { code, result: index === 1 ? "genuine" : "repeated", scan_index: index, first_scan_at: first, product };
    }
    recordScan(ctx, request, answer, productId, now);
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
    handler: (request, query) => scanCode(ctx, request, query.code as string),
  });
}
