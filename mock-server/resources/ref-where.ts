// manifest x-ref-where on writes: a narrowed ref must name a row whose columns equal this row's
// (employees.position_id: the position's depart_id is the account's depart_id). An empty own
// column matches nothing, as the form keeps the select empty until it has a value.
import { cellText } from "../db/cell-text";
import { quoteIdent } from "../db/sql-names";
import type { Store } from "../db/store";
import type { Catalog, ResourceInfo } from "./catalog";
import type { Row } from "./row-codec";
import { message, type Message } from "../../schema/contract/messages";

const shown = (value: unknown): Message | string =>
  value === null || value === undefined ? message("common.emptyValue") : JSON.stringify(value);

/**
 * Field → message for each narrowed ref of `row` (the row as it would be stored) that breaks its
 * rule. Only refs whose value or narrowing columns are in `changed` are checked: a write never
 * makes a row break the rule, while a row that broke it before (its position since moved to
 * another department) can still have its other fields edited.
 */
export async function refWhereErrors(
  store: Store,
  catalog: Catalog,
  info: ResourceInfo,
  row: Row,
  changed: ReadonlySet<string>,
): Promise<Record<string, Message>> {
  const errors: Record<string, Message> = {};
  for (const column of info.refs) {
    const where = Object.entries(column.refWhere ?? {});
    if (where.length === 0 || !(changed.has(column.name) || where.some(([, own]) => changed.has(own)))) continue;
    const id = row[column.name];
    const target = catalog.find(column.ref!);
    if (id === null || id === undefined || !target) continue;
    const columns = where.map(([theirs]) => quoteIdent(theirs)).join(", ");
    const referred = await store.get<Row>(`SELECT ${columns} FROM ${quoteIdent(target.table)} WHERE "id" = ?`, [
      id as number,
    ]);
    if (!referred) continue; // checkRefs names a missing row
    const broken = where.find(
      ([theirs, own]) => row[own] === null || row[own] === undefined || row[own] !== referred[theirs],
    );
    if (!broken) continue;
    const [theirs, own] = broken;
    const name = target.resource.name;
    errors[column.name] = message("common.rule.refWhere", {
      resource: name,
      theirs,
      own,
      expected: shown(row[own]),
      id: cellText(id),
      actual: shown(referred[theirs]),
    });
  }
  return errors;
}
