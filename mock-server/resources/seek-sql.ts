// The read of a list from one of its rows on (page-anchors.ts): every row whose sort key comes at
// or after the anchor's, in list order. The key is the sort's fields up to the id, then the id
// (buildOrder's tie-breaker, in the last field's direction), each column in its own direction, and
// NULL is the smallest value on both engines (buildOrder says NULLS FIRST ascending, NULLS LAST
// descending).
//
// "At or after (a, b, id)" is written as arms merged by UNION ALL under the list's ORDER BY, one
// per column: the rows equal on a and b from the anchor's id on; those equal on a and past b; those
// past a. A row value `(a, b, id) >= (?, ?, ?)` would say it at once, but SQLite bounds an index by
// its first column only (at 10,000,000 codes sharing one created_at that seek walked them all), it
// cannot mix directions, and a comparison with NULL is never true. Each arm is one range of an
// index: "past a NULL" ascending is `IS NOT NULL`; descending, NULLs come last, so past a value
// are the smaller values and then the NULLs, two arms; past a NULL descending there is nothing.
import { quoteIdent } from "../db/sql-names";
import type { Params } from "../db/sql-params";
import type { SortKey } from "./list-params";
import type { ListShape } from "./list-sql";

export interface KeyColumn {
  readonly name: string;
  readonly quoted: string;
  readonly desc: boolean;
}

/** The columns of a sort's key, in order, ending on the id (as buildOrder orders the list). */
export function keyColumns(sort: readonly SortKey[]): KeyColumn[] {
  const keys: KeyColumn[] = [];
  for (const { field, desc } of sort) {
    keys.push({ name: field, quoted: quoteIdent(field), desc });
    if (field === "id") return keys; // the id is unique: what follows it never orders two rows
  }
  keys.push({ name: "id", quoted: quoteIdent("id"), desc: sort[sort.length - 1]?.desc ?? false });
  return keys;
}

type Value = Params[number];

interface Clause {
  readonly sql: string;
  readonly params: Params;
}

const equal = (key: KeyColumn, value: unknown): Clause =>
  value === null
    ? { sql: `${key.quoted} IS NULL`, params: [] }
    : { sql: `${key.quoted} = ?`, params: [value as Value] };

/** The ways a value can come strictly after `value` in `key`'s direction: one range each. */
function past(key: KeyColumn, value: unknown): Clause[] {
  if (!key.desc)
    return [
      value === null
        ? { sql: `${key.quoted} IS NOT NULL`, params: [] }
        : { sql: `${key.quoted} > ?`, params: [value as Value] },
    ];
  if (value === null) return [];
  return [
    { sql: `${key.quoted} < ?`, params: [value as Value] },
    { sql: `${key.quoted} IS NULL`, params: [] },
  ];
}

/**
 * `size` rows of the list from `gap` rows past the row whose key is `anchor` (values in
 * keyColumns' order). `limitArms` bounds each arm to the rows the page can need, in the list's
 * order: PostgreSQL costs an arm as if it read all its rows (at 1,000,000 codes sharing one
 * created_at it chose a scan of the table and a sort, 40–150 ms a page) where, bounded, it reads
 * the index in order and stops. SQLite merges the bare arms in index order by itself.
 */
export function seekFrom(
  shape: ListShape,
  keys: readonly KeyColumn[],
  anchor: readonly unknown[],
  page: { readonly size: number; readonly gap: number; readonly limitArms: boolean },
): Clause {
  const { sql: where, params: whereParams } = shape.where;
  const from = `SELECT ${shape.selectList} FROM ${shape.quotedTable} ${where ? `${where} AND` : "WHERE"}`;
  const arms: Clause[] = [];
  const last = keys.length - 1;
  for (let column = last; column >= 0; column -= 1) {
    const prefix = keys.slice(0, column).map((key, index) => equal(key, anchor[index]));
    const tails: Clause[] =
      column === last
        ? [{ sql: `${keys[last].quoted} ${keys[last].desc ? "<=" : ">="} ?`, params: [anchor[last] as Value] }]
        : past(keys[column], anchor[column]);
    for (const tail of tails) {
      const clauses = [...prefix, tail];
      const sql = `${from} ${clauses.map((clause) => clause.sql).join(" AND ")}`;
      const params = [...whereParams, ...clauses.flatMap((clause) => clause.params)];
      arms.push(
        page.limitArms
          ? {
              sql: `SELECT * FROM (${sql} ${shape.order} LIMIT ?) AS arm${arms.length}`,
              params: [...params, page.size + page.gap],
            }
          : { sql, params },
      );
    }
  }
  return {
    sql: `${arms.map((arm) => arm.sql).join(" UNION ALL ")} ${shape.order} LIMIT ? OFFSET ?`,
    params: [...arms.flatMap((arm) => arm.params), page.size, page.gap],
  };
}
