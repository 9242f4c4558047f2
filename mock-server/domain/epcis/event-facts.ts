// What an EPCIS event says beyond its ledger row, looked up in bulk: the URI each code is named by
// (its level and its product's GTIN) and the line of each work order. The export, the query
// interface and the hash made at append all read them here, so the three never disagree.
import { placeholders } from "../../db/sql-params";
import type { ChainContext } from "../chain-context";
import { quoteIdent } from "../../db/sql-names";
import { ERROR_DECLARATIONS } from "../ledger/error-declarations";
import { codeUri, privateUri } from "./epcis-identifiers";
import type { EventFacts, EventRow } from "./epcis-event";

const CHUNK = 500;

/**
 * The SELECT of a code's identity (its level, its product's GTIN) over the columns this contract
 * has: a manifest without levels or products names every code by the private scheme.
 */
function identitySource(ctx: ChainContext): string | undefined {
  const codes = ctx.catalog.find("trace_codes");
  if (!codes?.byName.has("code")) return undefined;
  const level = codes.byName.has("code_type") ? "t.code_type" : "NULL";
  const products = ctx.catalog.find("products");
  const table = `${quoteIdent(codes.table)} t`;
  return codes.byName.has("product_id") && products?.byName.has("barcode")
    ? `SELECT t.code AS code, ${level} AS level, p.barcode AS barcode FROM ${table} LEFT JOIN ${quoteIdent(products.table)} p ON p.id = t.product_id`
    : `SELECT t.code AS code, ${level} AS level, NULL AS barcode FROM ${table}`;
}

/** The URI of each of `codes` that has a trace_codes row. */
export async function knownCodeUris(ctx: ChainContext, codes: Iterable<string>): Promise<Map<string, string>> {
  const list = [...new Set(codes)];
  const identities = new Map<string, string>();
  const from = identitySource(ctx);
  if (!from) return identities;
  for (let start = 0; start < list.length; start += CHUNK) {
    const part = list.slice(start, start + CHUNK);
    for (const row of await ctx.store.all<{ code: string; level: string | null; barcode: string | null }>(
      `${from} WHERE t.code IN (${placeholders(part.length)})`,
      part,
    ))
      identities.set(row.code, codeUri(row));
  }
  return identities;
}

/** Each code's URI; a code with no trace_codes row is named by the private scheme. */
export async function codeUris(ctx: ChainContext, codes: Iterable<string>): Promise<(code: string) => string> {
  const identities = await knownCodeUris(ctx, codes);
  return (code) => identities.get(code) ?? privateUri("code", code);
}

/** The line code of each work order that has one. */
export async function workOrderLines(ctx: ChainContext, ids: Iterable<number | null>): Promise<Map<number, string>> {
  const orders = [...new Set([...ids].filter((id): id is number => id !== null))];
  const lines = new Map<number, string>();
  const hasLines =
    ctx.catalog.find("production_orders")?.byName.has("line_id") &&
    ctx.catalog.find("production_lines")?.byName.has("line_code");
  if (!orders.length || !hasLines) return lines;
  for (const row of await ctx.store.all<{ id: number; line_code: string | null }>(
    `SELECT o.id AS id, l.line_code AS line_code FROM production_orders o LEFT JOIN production_lines l ON l.id = o.line_id WHERE o.id IN (${placeholders(orders.length)})`,
    orders,
  ))
    if (row.line_code) lines.set(Number(row.id), row.line_code);
  return lines;
}

/** A stored event as the interface reads it: its row (with id and hash) and what it names. */
export interface StoredFacts extends Omit<EventFacts, "row"> {
  readonly row: EventRow & { readonly id: number; readonly event_hash: string | null };
  /** The event declared in error (ledger/error-declarations.ts): when, and the CBV reason word. */
  readonly declaration?: { readonly declared_at: string; readonly reason: string };
}

/**
 * The events of `ids` (in the order given) with everything their EPCIS form needs, read in
 * chunks: the rows, their codes, bizTransactions, parties, the codes' URIs and the orders' lines.
 */
export async function loadEventFacts(ctx: ChainContext, ids: readonly number[], zone: string): Promise<StoredFacts[]> {
  type Row = StoredFacts["row"];
  const rows = new Map<number, Row>();
  const codesOf = new Map<number, string[]>();
  const transactionsOf = new Map<number, { type: string; value: string }[]>();
  const partiesOf = new Map<number, { direction: string; type: string; value: string }[]>();
  const declarations = new Map<number, { declared_at: string; reason: string }>();
  const push = <T>(map: Map<number, T[]>, id: number, value: T) => map.set(id, [...(map.get(id) ?? []), value]);
  for (let start = 0; start < ids.length; start += CHUNK) {
    const part = ids.slice(start, start + CHUNK);
    const within = `event_id IN (${placeholders(part.length)})`;
    for (const row of await ctx.store.all<Row>(
      `SELECT * FROM _ledger_events WHERE id IN (${placeholders(part.length)})`,
      part,
    ))
      rows.set(Number(row.id), row);
    for (const row of await ctx.store.all<{ event_id: number; code: string }>(
      `SELECT event_id, code FROM _ledger_event_codes WHERE ${within}`,
      part,
    ))
      push(codesOf, Number(row.event_id), row.code);
    for (const row of await ctx.store.all<{ event_id: number; type: string; value: string }>(
      `SELECT event_id, type, value FROM _ledger_biz_transactions WHERE ${within} ORDER BY event_id, type, value`,
      part,
    ))
      push(transactionsOf, Number(row.event_id), { type: row.type, value: row.value });
    for (const row of await ctx.store.all<{ event_id: number; direction: string; type: string; value: string }>(
      `SELECT event_id, direction, type, value FROM _ledger_parties WHERE ${within} ORDER BY event_id, direction, type, value`,
      part,
    ))
      push(partiesOf, Number(row.event_id), { direction: row.direction, type: row.type, value: row.value });
    for (const row of await ctx.store.all<{ event_id: number; declared_at: string; reason: string }>(
      `SELECT event_id, declared_at, reason FROM ${ERROR_DECLARATIONS} WHERE ${within}`,
      part,
    ))
      declarations.set(Number(row.event_id), { declared_at: row.declared_at, reason: row.reason });
  }
  const found = ids.flatMap((id) => rows.get(id) ?? []);
  const named = found.flatMap((row) => [
    ...(codesOf.get(Number(row.id)) ?? []),
    ...(row.parent_code ? [row.parent_code] : []),
    ...(row.related_code ? [row.related_code] : []),
  ]);
  const uriOf = await codeUris(ctx, named);
  const lines = await workOrderLines(
    ctx,
    found.map((row) => row.work_order_id),
  );
  return found.map((row) => ({
    row,
    codes: codesOf.get(Number(row.id)) ?? [],
    transactions: transactionsOf.get(Number(row.id)) ?? [],
    parties: partiesOf.get(Number(row.id)) ?? [],
    uriOf,
    ...(row.work_order_id !== null && lines.has(Number(row.work_order_id))
      ? { line: lines.get(Number(row.work_order_id))! }
      : {}),
    ...(declarations.has(Number(row.id)) ? { declaration: declarations.get(Number(row.id))! } : {}),
    zone,
  }));
}
