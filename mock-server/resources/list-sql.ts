// SQL for list calls: every value bound, every identifier from the contract and quoted.
import { likeContains, quoteIdent } from "../db/sql-names";
import type { Params } from "../db/sql-params";
import type { Dialect } from "../db/engine/dialect";
import { businessDayStart, isDay, isoInstant, shiftDay } from "../time/business-day";
import { anyValues, type Filter, type SortKey } from "./list-params";

export interface Where {
  readonly sql: string;
  readonly params: Params;
}

const toDb = (value: string | number | boolean): string | number =>
  typeof value === "boolean" ? (value ? 1 : 0) : value;

/** A day given for a date-time column is a business day: the stored UTC instant its `days`-th next day starts. */
const dayOf = (filter: Filter): string | undefined =>
  filter.column.format === "date-time" && isDay(filter.value) ? filter.value : undefined;
const startOf = (day: string, zone: string, days = 0): string =>
  isoInstant(businessDayStart(shiftDay(day, days), zone));

/**
 * `expression` lets reports filter on a grouped expression instead of the bare column; `zone` is
 * the business time zone a day-only bound on a timestamp is a day of (time/business-zone.ts);
 * `dialect`: the engine the SQL runs on, for a `contains` that ignores case on both (SQLite's LIKE
 * ignores ASCII case, PostgreSQL's does not: a filter must find the same rows on either).
 */
export function buildWhere(
  filters: readonly Filter[],
  zone: string,
  dialect: Pick<Dialect, "likeIgnoringCase">,
  expression = (name: string) => quoteIdent(name),
): Where {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  for (const filter of filters) {
    const column = expression(filter.column.name);
    switch (filter.op) {
      case "contains":
        clauses.push(`${column} ${dialect.likeIgnoringCase} ? ESCAPE '\\'`);
        params.push(likeContains(String(filter.value)));
        break;
      case "eq":
        clauses.push(`${column} = ?`);
        params.push(toDb(filter.value));
        break;
      case "any": {
        // Rows of the join table say who holds which value; the record is in if it holds one.
        const values = anyValues(filter);
        clauses.push(
          `"id" IN (SELECT "owner_id" FROM ${quoteIdent(filter.column.link!.table)} WHERE "value" IN (${values.map(() => "?").join(",")}))`,
        );
        params.push(...values);
        break;
      }
      case "from": {
        const day = dayOf(filter);
        clauses.push(`${column} >= ?`);
        params.push(day ? startOf(day, zone) : toDb(filter.value));
        break;
      }
      case "to": {
        // A day-only upper bound on a timestamp includes that whole business day: [.., next day's start).
        const day = dayOf(filter);
        clauses.push(day ? `${column} < ?` : `${column} <= ?`);
        params.push(day ? startOf(day, zone, 1) : toDb(filter.value));
        break;
      }
    }
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(" AND ")}` : "", params };
}

/**
 * ORDER BY with id as the tie-breaker in the same direction, so an index on the field serves it.
 * NULL is the smallest value on both engines: SQLite's own order, said explicitly because
 * PostgreSQL's is the opposite (its list indexes are declared NULLS FIRST to match, dialect.ts
 * sortedIndexColumn). Page anchors (seek-sql.ts) rely on it.
 */
export function buildOrder(sort: readonly SortKey[], tieBreaker: string | undefined = "id"): string {
  const keys = sort.map((key) => `${quoteIdent(key.field)} ${direction(key.field, key.desc)}`);
  if (tieBreaker && !sort.some((key) => key.field === tieBreaker)) {
    const last = sort[sort.length - 1];
    keys.push(`${quoteIdent(tieBreaker)} ${last?.desc ? "DESC" : "ASC"}`);
  }
  return `ORDER BY ${keys.join(", ")}`;
}

/** The id is the primary key and never NULL: its order needs no NULLS clause (and PostgreSQL's key index serves it plain). */
const direction = (field: string, desc: boolean): string =>
  field === "id" ? (desc ? "DESC" : "ASC") : desc ? "DESC NULLS LAST" : "ASC NULLS FIRST";

/** The list a page is read from: what ListService.list has built for it. */
export interface ListShape {
  readonly table: string;
  readonly quotedTable: string;
  readonly selectList: string;
  readonly where: Where;
  readonly sort: readonly SortKey[];
  /** The ORDER BY clause (buildOrder) of the sort. */
  readonly order: string;
}
