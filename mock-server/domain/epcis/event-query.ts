// An EPCIS event query run on the ledger: the filter becomes one SELECT over _ledger_events whose
// page is sought by keyset on the ledger's own indexes, (event_time, id) or (recorded_time, id),
// never by OFFSET, so page 10,000 costs what page 1 does. Filters on codes, bizTransactions and
// parents go through their indexes (_ledger_event_codes' (code, event_id), the bizTransaction
// (type, value) index, the parent index); EPC patterns too, as prefix ranges or a product's items
// (epc-match-sql.ts). Encoding events (a printed label, not yet an object in
// the supply chain) are left out, as the export leaves them out.
import { placeholders } from "../../db/sql-params";
import type { ChainContext } from "../chain-context";
import { codeCondition } from "./epc-match-sql";
import { knownCodeUris } from "./event-facts";
import { codeOfEpc, cbvWord, privateValue, readPointOf } from "./epcis-vocabulary-uris";
import type { EventFilter, EventQuery, PageMark } from "./query-parameters";
import { dealerCondition, EVERYTHING, type QueryScope } from "./dealer-scope";

const ENCODING_KINDS = ["issue", "import"];

interface Where {
  readonly clauses: string[];
  readonly params: unknown[];
}

/** The trace codes `uris` name: each URI read back to a code, kept only if the code exists and its URI is it. */
export async function codesOfEpcs(ctx: ChainContext, uris: readonly string[]): Promise<string[]> {
  const candidates = new Map<string, string>();
  for (const uri of uris) {
    const code = codeOfEpc(uri);
    if (code !== undefined) candidates.set(uri, code);
  }
  const known = await knownCodeUris(ctx, candidates.values());
  return [...candidates].filter(([uri, code]) => known.get(code) === uri).map(([, code]) => code);
}

/** `column IN (values)`, or a clause no row meets when nothing can match. */
function within(where: Where, column: string, values: readonly unknown[]): void {
  if (!values.length) {
    where.clauses.push("1 = 0");
    return;
  }
  where.clauses.push(`${column} IN (${placeholders(values.length)})`);
  where.params.push(...values);
}

/** The filter as SQL over `_ledger_events e` (the page query and subscriptions share it), narrowed to `scope`. */
export async function whereOf(ctx: ChainContext, filter: EventFilter, scope: QueryScope = EVERYTHING): Promise<Where> {
  const where: Where = { clauses: [], params: [] };
  where.clauses.push(`e.kind NOT IN (${placeholders(ENCODING_KINDS.length)})`);
  where.params.push(...ENCODING_KINDS);
  if (scope.dealer) {
    const condition = dealerCondition(scope.dealer);
    where.clauses.push(condition.sql);
    where.params.push(...condition.params);
  }
  if (filter.eventTypes) within(where, "e.event_type", filter.eventTypes);
  for (const [column, range] of [
    ["e.event_time", filter.eventTime],
    ["e.recorded_time", filter.recordTime],
  ] as const) {
    if (range.ge !== undefined) {
      where.clauses.push(`${column} >= ?`);
      where.params.push(range.ge);
    }
    if (range.lt !== undefined) {
      where.clauses.push(`${column} < ?`);
      where.params.push(range.lt);
    }
  }
  if (filter.bizSteps)
    within(
      where,
      "e.biz_step",
      filter.bizSteps.map((step) => cbvWord(step, "bizStep")),
    );
  if (filter.dispositions)
    within(
      where,
      "e.disposition",
      filter.dispositions.map((disposition) => cbvWord(disposition, "disposition")),
    );
  if (filter.readPoints) {
    const refs = filter.readPoints.flatMap((uri) => readPointOf(uri) ?? []);
    const places = refs.flatMap((ref) => ("place" in ref ? [ref.place] : []));
    const lines = refs.flatMap((ref) => ("line" in ref ? [ref.line] : []));
    const either: string[] = [];
    if (places.length) {
      either.push(`e.read_point IN (${placeholders(places.length)})`);
      where.params.push(...places);
    }
    // A line is the readPoint of a work order's events that name no place of their own.
    if (lines.length) {
      either.push(
        `(e.read_point IS NULL AND e.work_order_id IN (SELECT o.id FROM production_orders o JOIN production_lines l ON l.id = o.line_id WHERE l.line_code IN (${placeholders(lines.length)})))`,
      );
      where.params.push(...lines);
    }
    where.clauses.push(either.length ? `(${either.join(" OR ")})` : "1 = 0");
  }
  if (filter.bizLocations)
    within(
      where,
      "e.biz_location",
      filter.bizLocations.flatMap((uri) => privateValue(uri, "place") ?? []),
    );
  const match = (values: readonly string[], column: string) =>
    codeCondition(ctx, values, column, (uris) => codesOfEpcs(ctx, uris));
  if (filter.epcs) {
    const codes = await match(filter.epcs, "ec.code");
    where.clauses.push(
      codes.sql ? `e.id IN (SELECT ec.event_id FROM _ledger_event_codes ec WHERE ${codes.sql})` : "1 = 0",
    );
    where.params.push(...codes.params);
  }
  if (filter.anyEpcs) {
    const codes = await match(filter.anyEpcs, "ec.code");
    const parents = await match(filter.anyEpcs, "e.parent_code");
    where.clauses.push(
      codes.sql && parents.sql
        ? `(e.id IN (SELECT ec.event_id FROM _ledger_event_codes ec WHERE ${codes.sql}) OR ${parents.sql})`
        : "1 = 0",
    );
    where.params.push(...codes.params, ...parents.params);
  }
  if (filter.parents) {
    const parents = await match(filter.parents, "e.parent_code");
    where.clauses.push(parents.sql ?? "1 = 0");
    where.params.push(...parents.params);
  }
  for (const { type, values } of filter.bizTransactions) {
    const stored = values.flatMap((uri) => privateValue(uri, type) ?? []);
    if (!stored.length) where.clauses.push("1 = 0");
    else {
      where.clauses.push(
        `e.id IN (SELECT event_id FROM _ledger_biz_transactions WHERE type = ? AND value IN (${placeholders(stored.length)}))`,
      );
      where.params.push(type, ...stored);
    }
  }
  return where;
}

export interface EventPage {
  /** Ledger ids of the page, in order. */
  readonly ids: number[];
  /** Where the next page starts, when there is one. */
  readonly next?: PageMark;
}

/** The SQL of a page and its parameters (the plan tests read it). */
export async function eventPageSql(
  ctx: ChainContext,
  query: EventQuery,
  scope: QueryScope = EVERYTHING,
): Promise<{ sql: string; params: unknown[] }> {
  const where = await whereOf(ctx, query.filter, scope);
  const column = query.orderBy === "recordTime" ? "e.recorded_time" : "e.event_time";
  const direction = query.direction === "ASC" ? "ASC" : "DESC";
  if (query.after) {
    where.clauses.push(`(${column}, e.id) ${direction === "ASC" ? ">" : "<"} (?, ?)`);
    where.params.push(query.after.time, query.after.id);
  }
  return {
    sql: `SELECT e.id AS id, ${column} AS at FROM _ledger_events e WHERE ${where.clauses.join(" AND ")}
          ORDER BY ${column} ${direction}, e.id ${direction} LIMIT ${query.perPage + 1}`,
    params: where.params,
  };
}

/** One page of the events `query` asks for. */
export async function eventPage(ctx: ChainContext, query: EventQuery, scope: QueryScope): Promise<EventPage> {
  const { sql, params } = await eventPageSql(ctx, query, scope);
  const rows = await ctx.store.all<{ id: number; at: string }>(sql, params as never[]);
  const page = rows.slice(0, query.perPage);
  const last = page[page.length - 1];
  return {
    ids: page.map((row) => Number(row.id)),
    ...(rows.length > query.perPage && last ? { next: { time: last.at, id: Number(last.id) } } : {}),
  };
}
