// A full, valid row for one specific record (the demo accounts, the enterprise): the caller
// gives the values that matter, demo values fill the rest so required fields are never empty.
import type { AppContext } from "../context";
import { quoteIdent } from "../db/sql-names";
import { compileStrict } from "../http/validator-compilers";
import type { ResourceInfo } from "../resources/catalog";
import type { Row } from "../resources/row-codec";
import { fallbackValues, valueFor, type ValueEnv } from "./column-values";

export async function completeRow(ctx: AppContext, info: ResourceInfo, given: Row, env: ValueEnv): Promise<Row> {
  const row: Row = { ...given };
  const properties = (info.resource.schemas.create.properties ??
    info.resource.schemas.record.properties ??
    {}) as Record<string, object>;
  // Narrowed refs (x-ref-where) last: the first referred row that fits the row's other values.
  const fillOrder = [
    ...info.stored.filter((column) => !column.refWhere),
    ...info.stored.filter((column) => column.refWhere),
  ];
  for (const column of fillOrder) {
    if (column.system || column.name in row) continue;
    if (column.ref) {
      const target = ctx.catalog.find(column.ref);
      const where = Object.entries(column.refWhere ?? {});
      const conditions = ["1 = 1", ...where.map(([theirs]) => `${quoteIdent(theirs)} = ?`)].join(" AND ");
      const values = where.map(([, own]) =>
        typeof row[own] === "boolean" ? (row[own] ? 1 : 0) : (row[own] ?? null),
      ) as never[];
      row[column.name] = target
        ? ((
            await ctx.store.get<{ id: number }>(
              `SELECT "id" AS id FROM ${quoteIdent(target.table)} WHERE ${conditions} ORDER BY "id" LIMIT 1`,
              values,
            )
          )?.id ?? null)
        : null;
      continue;
    }
    const schema = properties[column.name];
    const valid = schema ? compileStrict(schema) : () => true;
    let value = valueFor(column, env);
    if (!valid(value)) value = fallbackValues(column, env).find((candidate) => valid(candidate)) ?? null;
    if (column.unique && value !== null) {
      const taken = async (candidate: unknown) =>
        await ctx.store.get(`SELECT 1 AS found FROM ${quoteIdent(info.table)} WHERE ${quoteIdent(column.name)} = ?`, [
          candidate as string,
        ]);
      for (let suffix = 2; (await taken(value)) && suffix < 1000; suffix += 1)
        value = `${String(value).slice(0, 28)}${suffix}`;
    }
    row[column.name] = value;
  }
  return row;
}
