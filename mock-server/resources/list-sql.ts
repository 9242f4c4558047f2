// SQL for list calls: every value bound, every identifier from the contract and quoted.
import { likeContains, quoteIdent } from "../db/sql-names";
import type { Params } from "../db/sql-params";
import { anyValues, type Filter, type SortKey } from "./list-params";

export interface Where {
  readonly sql: string;
  readonly params: Params;
}

const toDb = (value: string | number | boolean): string | number =>
  typeof value === "boolean" ? (value ? 1 : 0) : value;

function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** `expression` lets reports filter on a grouped expression instead of the bare column. */
export function buildWhere(filters: readonly Filter[], expression = (name: string) => quoteIdent(name)): Where {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  for (const filter of filters) {
    const column = expression(filter.column.name);
    switch (filter.op) {
      case "contains":
        clauses.push(`${column} LIKE ? ESCAPE '\\'`);
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
      case "from":
        clauses.push(`${column} >= ?`);
        params.push(toDb(filter.value));
        break;
      case "to": {
        // A date-only upper bound on a date-time column includes that whole day.
        const dateOnly =
          filter.column.format === "date-time" && typeof filter.value === "string" && filter.value.length === 10;
        clauses.push(dateOnly ? `${column} < ?` : `${column} <= ?`);
        params.push(dateOnly ? nextDay(filter.value) : toDb(filter.value));
        break;
      }
    }
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(" AND ")}` : "", params };
}

/** ORDER BY with id as the tie-breaker in the same direction, so an index on the field serves it. */
export function buildOrder(sort: readonly SortKey[], tieBreaker: string | undefined = "id"): string {
  const keys = sort.map((key) => `${quoteIdent(key.field)} ${key.desc ? "DESC" : "ASC"}`);
  if (tieBreaker && !sort.some((key) => key.field === tieBreaker)) {
    const last = sort[sort.length - 1];
    keys.push(`${quoteIdent(tieBreaker)} ${last?.desc ? "DESC" : "ASC"}`);
  }
  return `ORDER BY ${keys.join(", ")}`;
}
