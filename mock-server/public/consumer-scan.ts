// The consumer scan call behind the public pages /c and /m/q/:qrcode (spec §2), without a
// token: GET /api/public/scan?code=… looks the code up, counts the query on the code, records it
// in consumer_scans (time, address, the region it resolves to offline, page, browser, verdict) as
// the console's 消费者查询记录 shows, and runs the warning rules (domain/scan-warnings/) in the same
// transaction. An address caught guessing codes gets 429 with Retry-After until its block ends.
// The product part of the answer is the consumer-facing list of public-product.ts, never the
// whole record.
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { cellText } from "../db/cell-text";
import { quoteIdent } from "../db/sql-names";
import { envelopeSchema } from "../envelope";
import { callRoute, type RouteTable } from "../http/route-table";
import { CALLS } from "../../schema/contract/calls";
import type { ResourceInfo } from "../resources/catalog";
import type { Row } from "../resources/row-codec";
import { publicProduct, type PublicProduct } from "./public-product";
import { scanPageOf, shownFacts, type ScanPage } from "./scan-page";
import { DEFAULT_SCAN_THRESHOLD, SHOWS_PRODUCT, verdictOf } from "./scan-verdict";
import type { ScanPath, ScanVerdict } from "../../schema/contract/calls";
import { tooManyRequests } from "../refusals";
import { clientAddress } from "../http/client-address";
import { perEntry } from "../resources/per-entry";
import { checkDigitalLink } from "./digital-link";
import { blockSeconds, guessBlock, guessBlockValueSql } from "../domain/scan-warnings/raise-warning";
import { checkScanWarnings } from "../domain/scan-warnings/scan-warnings";
import { paramsInForce, type WarningParam, type WarningRule } from "../domain/scan-warnings/warning-params";
import { CodeStatus } from "../domain/ledger/event-vocabulary";
import { hasWrongCheckCharacter } from "../domain/lookup/code-format";
import { updateThenInsert, type OwnInsert, type RowUpdate } from "../db/update-then-insert";

/**
 * Scans one address may make per minute: a phone scans a few codes, a flood thousands. The guessing
 * rule (domain/scan-warnings/) blocks an address that tries unknown codes; this ceiling also holds one that
 * repeats real codes, whose scan counts it would otherwise inflate.
 */
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
  /** The product's scan page template (scan-page.ts), or null when there is none. */
  page: ScanPage | null;
}

const has = (info: ResourceInfo | undefined, name: string): info is ResourceInfo => !!info && info.byName.has(name);

/** Who scanned: the client's address (the connection's, or X-Forwarded-For from a trusted proxy), browser and page. */
export interface ScanClient {
  readonly ip: string;
  readonly userAgent: string | undefined;
  readonly path?: ScanPath;
}

export const scanClientOf = (request: FastifyRequest, path?: ScanPath): ScanClient => ({
  ip: clientAddress(request),
  userAgent: request.headers["user-agent"],
  path,
});

const IPV4 = /^(\d{1,3}\.){3}\d{1,3}$/;

/** The scan's row in consumer_scans, as its INSERT; undefined where the contract has no such table. */
function scanRecord(
  ctx: AppContext,
  client: ScanClient,
  region: string | null,
  answer: ScanAnswer,
  productId: number | null,
  now: string,
): OwnInsert | undefined {
  const scans = ctx.catalog.find("consumer_scans");
  if (!scans || scans.resource.kind !== "entity") return undefined;
  const values: Row = {
    code: answer.code,
    product_id: productId,
    result: answer.result,
    scan_index: Math.max(1, answer.scan_index),
    ip: IPV4.test(client.ip) ? client.ip : null,
    region_code: region,
    path: client.path ?? null,
    user_agent: client.userAgent?.slice(0, 500) ?? null,
    scanned_at: now,
  };
  // The values are the server's own (the product comes from the code's row): no query per reference.
  return ctx.records.ownInsert(scans, values as Record<string, string | number | null>);
}

/** 预警参数: the repeated-scan rule's threshold in force (warning-params.ts), else the default. */
export async function scanThreshold(ctx: AppContext, params?: ReadonlyMap<WarningRule, WarningParam>): Promise<number> {
  return (params ?? (await paramsInForce(ctx))).get("repeated_scan")?.threshold ?? DEFAULT_SCAN_THRESHOLD;
}

/**
 * The packages a code sits in now, innermost first (its box, case, pallet); `parent`: the code's own
 * parent_code, already read. One read per level, made only when a warning is raised or updated.
 */
async function packageChain(ctx: AppContext, parent: string | null): Promise<string[]> {
  const chain: string[] = [];
  for (let current = parent; current !== null && chain.length < 16;) {
    chain.push(current);
    current =
      (
        await ctx.store.get<{ parent_code: string | null }>(
          `SELECT "parent_code" AS parent_code FROM "trace_codes" WHERE "code" = ?`,
          [current],
        )
      )?.parent_code ?? null;
  }
  return chain;
}

/** What a scan reads: the code's row (its SCANNED_COLUMNS; undefined: unknown) and the answer this scan would get. */
export interface CodeLookup {
  readonly row: Row | undefined;
  readonly answer: ScanAnswer;
  readonly productId: number | null;
}

/** The columns of a code that a scan reads, where the manifest declares them. */
const SCANNED_COLUMNS = [
  "id",
  "status",
  "scan_count",
  "first_scan_at",
  "product_id",
  "batch_no",
  "dealer_id",
  "waybill_id",
  "parent_code",
];

/**
 * The lookup by code: only the columns the scan reads (not the twenty of the whole row, each a
 * value to convert and a property to make on every scan). `locked`: the row is held until the
 * transaction ends (PostgreSQL's FOR UPDATE; SQLite's one writer holds it already), in the same
 * statement rather than a lock statement before it. `blockValue`: the guessing block's subquery
 * (raise-warning.ts), read as "blocked_until" in the same round trip, binding the address and the
 * time before the code.
 */
const codeLookupSql = perEntry((codes) => {
  const columns = SCANNED_COLUMNS.filter((name) => name === "id" || codes.byName.has(name));
  const select = `SELECT ${columns.map(quoteIdent).join(", ")}`;
  const from = ` FROM ${quoteIdent(codes.table)} WHERE "code" = ?`;
  return (options: { readonly blockValue?: string; readonly forUpdate?: string }) =>
    `${select}${options.blockValue ? `, ${options.blockValue} AS blocked_until` : ""}${from}${options.forUpdate ?? ""}`;
});

/** What a public scan reads before it answers: the code's row (undefined: unknown) and the address's guessing block. */
export interface ScannedCode {
  readonly row: Row | undefined;
  /** Seconds the address must still wait after guessing codes; 0: none. Read only when asked (`ip`). */
  readonly wait: number;
}

/**
 * The code's row with the SCANNED_COLUMNS, locked for the transaction when `lock` (the scan then
 * reads, answers from and writes back its count); with `ip`, also that address's guessing block,
 * in the same statement for a known code (the common case: one round trip instead of two, or three
 * with the lock), in a statement of its own for an unknown one.
 */
export async function readScannedCode(
  ctx: AppContext,
  code: string,
  options: { readonly ip?: string; readonly now: string; readonly lock: boolean },
): Promise<ScannedCode> {
  const codes = ctx.catalog.find("trace_codes");
  const blockValue = options.ip === undefined ? undefined : guessBlockValueSql(ctx);
  if (!has(codes, "code"))
    return { row: undefined, wait: options.ip === undefined ? 0 : await guessBlock(ctx, options.ip, options.now) };
  const sql = codeLookupSql(codes)({ blockValue, forUpdate: options.lock ? ctx.store.forUpdate() : "" });
  const found = await ctx.store.get<Row>(sql, blockValue ? [options.ip!, options.now, code] : [code]);
  if (!found)
    return { row: undefined, wait: options.ip === undefined ? 0 : await guessBlock(ctx, options.ip, options.now) };
  if (!blockValue) return { row: found, wait: 0 };
  const { blocked_until: until, ...row } = found;
  return { row, wait: blockSeconds(until, options.now) };
}

/** The scan's read half, writing nothing: the code, its verdict as its next scan, the public product. */
export async function lookUpCode(ctx: AppContext, code: string, threshold: number, now: string): Promise<CodeLookup> {
  const { row } = await readScannedCode(ctx, code, { now, lock: false });
  return await answerFor(ctx, code, row, threshold, now);
}

/** The answer a scan of `code` (its row, undefined: unknown) gets, as its next scan. */
async function answerFor(
  ctx: AppContext,
  code: string,
  row: Row | undefined,
  threshold: number,
  now: string,
): Promise<CodeLookup> {
  if (!row) {
    // A mistyped code (its check character wrong) is told apart from a code nobody issued.
    const result = (await hasWrongCheckCharacter(ctx, code)) ? "bad_check" : "not_found";
    const page = await scanPageOf(ctx, { productId: null, verdict: result, dealerId: null, waybillId: null });
    return {
      row,
      productId: null,
      answer: { code, result, scan_index: 1, first_scan_at: null, threshold, product: null, page },
    };
  }
  const index = Number(row.scan_count ?? 0) + 1;
  const first = (row.first_scan_at as string | null) ?? now;
  const productId = typeof row.product_id === "number" ? row.product_id : null;
  const result = verdictOf(cellText(row.status ?? CodeStatus.shipped), index, threshold);
  const batchNo = typeof row.batch_no === "string" ? row.batch_no : null;
  const product =
    productId === null || !SHOWS_PRODUCT.has(result)
      ? null
      : await shownFacts(ctx, productId, await publicProduct(ctx, productId, batchNo));
  const idOf = (name: string) => (typeof row[name] === "number" ? row[name] : null);
  const page = await scanPageOf(ctx, {
    productId,
    verdict: result,
    dealerId: idOf("dealer_id"),
    waybillId: idOf("waybill_id"),
  });
  return {
    row,
    productId,
    answer: { code, result, scan_index: index, first_scan_at: first, threshold, product, page },
  };
}

/**
 * The scan's count on the code, as its UPDATE: only its counters; undefined where the code has none.
 * Not records.update: the row was just read, the counters refer to nothing, and a scan is not an
 * edit of the code (its updated_at stays the time of its last change; the scan's own time is in
 * consumer_scans).
 */
function scanCount(codes: ResourceInfo, id: number, answer: ScanAnswer): RowUpdate | undefined {
  const { sql, counters } = countSqlOf(codes);
  if (!counters.length) return undefined;
  const values = counters.map((name) => (name === "scan_count" ? answer.scan_index : answer.first_scan_at));
  return { table: codes.table, id, sql, params: [...values, id] };
}

/**
 * Writes the scan's count and its record, each through the store's one-row write (cached list
 * totals stay exact): in one statement when there are both (update-then-insert.ts).
 */
async function writeScan(ctx: AppContext, count: RowUpdate | undefined, record: OwnInsert | undefined): Promise<void> {
  if (count && record) {
    await updateThenInsert(ctx.store, count, record);
    return;
  }
  if (count)
    await ctx.store.rowWrite(count.table, count.id, async () => {
      await ctx.store.run(count.sql, count.params);
      return count.id;
    });
  if (record) await ctx.store.rowWrite(record.table, undefined, () => ctx.store.insert(record.sql, record.params));
}

/** The counters' UPDATE: the counters the manifest declares. */
const countSqlOf = perEntry((codes) => {
  const counters = ["scan_count", "first_scan_at"].filter((name) => codes.byName.has(name));
  const set = counters.map((name) => `${quoteIdent(name)} = ?`).join(", ");
  return { sql: `UPDATE ${quoteIdent(codes.table)} SET ${set} WHERE "id" = ?`, counters };
});

/**
 * A consumer's scan (the public pages): counts the scan on the code, records it, and answers the
 * verdict, in one transaction. Console, inspector and line scans do not come through here and
 * never change the count.
 */
export async function scanCode(ctx: AppContext, client: ScanClient, code: string): Promise<ScanAnswer> {
  return await ctx.store.transaction(async () => {
    const now = ctx.records.now();
    const { row } = await readScannedCode(ctx, code, { now, lock: true });
    return await scanWithin(ctx, client, code, row, now);
  });
}

/**
 * scanCode's work once the code's row is read and held (readScannedCode with `lock`), for a caller
 * already inside a transaction of its own that an error rolls back whole: a grouped scan runs in
 * its member's savepoint (group-commit.ts), so a second savepoint inside it was two statements more
 * per scan for nothing. The count is read, answered from and written back plus one, and the code's
 * warnings likewise: the row is held until the scan commits, so racing scans of one code count one
 * by one.
 */
async function scanWithin(
  ctx: AppContext,
  client: ScanClient,
  code: string,
  row: Row | undefined,
  now: string,
): Promise<ScanAnswer> {
  const codes = ctx.catalog.find("trace_codes");
  const params = await paramsInForce(ctx);
  const threshold = await scanThreshold(ctx, params);
  const { answer, productId } = await answerFor(ctx, code, row, threshold, now);
  const ip = IPV4.test(client.ip) ? client.ip : null;
  // Any address is placed, an IPv6 one too (an operator's override can hold it); only IPv4 is recorded.
  const region = ctx.options.ipRegions(client.ip);
  await writeScan(
    ctx,
    row && codes ? scanCount(codes, row.id as number, answer) : undefined,
    scanRecord(ctx, client, region, answer, productId, now),
  );
  let chain: string[] | undefined;
  await checkScanWarnings(
    ctx,
    {
      code,
      ip,
      region,
      verdict: answer.result,
      count: row ? answer.scan_index : 0,
      now,
      ...(row
        ? {
            state: {
              status: cellText(row.status),
              productId,
              dealerId: typeof row.dealer_id === "number" ? row.dealer_id : null,
              waybillId: typeof row.waybill_id === "number" ? row.waybill_id : null,
              packageChain: async () =>
                (chain ??= codes?.byName.has("parent_code")
                  ? await packageChain(ctx, (row.parent_code as string | null) ?? null)
                  : []),
            },
          }
        : {}),
    },
    params,
  );
  return answer;
}

export function registerConsumerScanRoute(ctx: AppContext, routes: RouteTable): void {
  routes.add({
    // The code is bounded in the contract and only ever bound as a value: bad characters or a long code are a 400, never a lookup.
    ...callRoute(CALLS.consumerScan, { public: true }),
    perAddressPerMinute: PUBLIC_SCAN_PER_MINUTE,
    response: envelopeSchema(CALLS.consumerScan.data),
    tags: ["public"],
    handler: async (request, query, reply) => {
      const client = scanClientOf(request, query.path as ScanPath | undefined);
      // Scans share grouped commits (one fsync for many); each is answered once its group is on disk.
      return await ctx.store.grouped(async () => {
        const code = query.code as string;
        const now = ctx.records.now();
        // The code's row and the address's guessing block in one statement; the row lock it takes
        // is let go with the rollback of a refused scan.
        const { row, wait } = await readScannedCode(ctx, code, { ip: client.ip, now, lock: true });
        // An address caught guessing codes waits out its block: no count, no record.
        if (wait > 0) {
          void reply.header("retry-after", wait);
          throw tooManyRequests(wait * 1000, "common.tooManyUnknownCodes");
        }
        // A Digital Link is checked as a whole before its serial is scanned; a bad one is a 400, not a scan.
        if (typeof query.gtin === "string") checkDigitalLink(query.gtin, code);
        return await scanWithin(ctx, client, code, row, now);
      });
    },
  });
}
