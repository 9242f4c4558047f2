// Reports (kind: report) have no table: they group their source by the dimensions and compute
// the measures, filtered by date_from/date_to on the date field and eq on each dimension.
import type { ContractColumn, ContractResource } from "../../schema/contract/server-contract";
import type { Dialect } from "../db/engine/dialect";
import { quoteIdent } from "../db/sql-names";
import type { Store } from "../db/store";
import type { Catalog, ResourceInfo } from "./catalog";
import { parseSort, type Filter, type FilterOp, type SortKey } from "./list-params";
import { buildWhere } from "./list-sql";
import { attachLabels, type Row } from "./row-codec";
import { businessDaySql } from "../time/business-calendar";
import { readBusinessZone } from "../time/business-zone";

export interface ReportPlan {
  readonly resource: ContractResource;
  readonly source: ResourceInfo;
  readonly dimensions: readonly ContractColumn[];
  readonly dateColumn?: ContractColumn;
  /** Filter parameter → column and op: date_from, date_to, and one per dimension. */
  readonly params: Map<string, { column: ContractColumn; op: FilterOp }>;
  readonly sortable: ReadonlySet<string>;
  readonly defaultSort: SortKey;
}

/** A date-time dimension groups by business day (the calendar of time/business-calendar.ts). */
const dimensionExpression = (dialect: Dialect, column: ContractColumn): string =>
  column.format === "date-time" ? businessDaySql(dialect, quoteIdent(column.name)) : quoteIdent(column.name);

export function planReport(catalog: Catalog, resource: ContractResource): ReportPlan {
  const report = resource.report!;
  const source = catalog.info(report.source);
  const column = (name: string): ContractColumn => {
    const found = source.byName.get(name);
    if (!found) throw new Error(`Report ${resource.name}: ${report.source} has no field ${name}`);
    return found;
  };
  const dimensions = report.dimensions.map(column);
  const dateColumn = report.dateField ? column(report.dateField) : undefined;
  const params = new Map<string, { column: ContractColumn; op: FilterOp }>();
  if (dateColumn) {
    params.set("date_from", { column: dateColumn, op: "from" });
    params.set("date_to", { column: dateColumn, op: "to" });
  }
  for (const dimension of dimensions) params.set(dimension.name, { column: dimension, op: "eq" });
  const sortable = new Set([...report.dimensions, ...report.measures.map((measure) => measure.name)]);
  const declared = resource.defaultSort;
  const defaultSort = sortable.has(declared.field)
    ? { field: declared.field, desc: declared.order === "desc" }
    : { field: report.dimensions[0], desc: false };
  return { resource, source, dimensions, dateColumn, params, sortable, defaultSort };
}

export interface ReportQuery {
  readonly page: number;
  readonly size: number;
  readonly sort: readonly SortKey[];
  readonly filters: readonly Filter[];
}

export function parseReportQuery(plan: ReportPlan, raw: Record<string, unknown>): ReportQuery {
  const filters: Filter[] = [];
  for (const [name, value] of Object.entries(raw)) {
    const param = plan.params.get(name);
    if (param && value !== undefined && value !== "") filters.push({ ...param, value: value as Filter["value"] });
  }
  return {
    page: typeof raw.page === "number" ? raw.page : 1,
    size: typeof raw.size === "number" ? raw.size : 10,
    sort: parseSort(typeof raw.sort === "string" ? raw.sort : undefined, plan.sortable, plan.defaultSort),
    filters,
  };
}

function measureSql(measure: NonNullable<ContractResource["report"]>["measures"][number]): string {
  const alias = quoteIdent(measure.name);
  if (measure.agg === "count") return `COUNT(*) AS ${alias}`;
  const field = quoteIdent(measure.field ?? measure.name);
  if (measure.agg === "avg") return `ROUND(AVG(${field}), 2) AS ${alias}`;
  return `${measure.agg.toUpperCase()}(${field}) AS ${alias}`;
}

export async function runReport(store: Store, catalog: Catalog, plan: ReportPlan, query: ReportQuery, paged: boolean) {
  const report = plan.resource.report!;
  const dimensionOf = new Map(plan.dimensions.map((column) => [column.name, column]));
  // The date range compares the raw column; a dimension filter compares its grouped expression.
  const zone = await readBusinessZone(store, catalog);
  const range = buildWhere(
    query.filters.filter((filter) => filter.op !== "eq"),
    zone,
    store.engine.dialect,
  );
  const equal = buildWhere(
    query.filters.filter((filter) => filter.op === "eq"),
    zone,
    store.engine.dialect,
    (name) => dimensionExpression(store.engine.dialect, dimensionOf.get(name)!),
  );
  const clauses = [range.sql, equal.sql].filter(Boolean).map((sql) => sql.replace(/^WHERE /, ""));
  const eqWhere = {
    sql: clauses.length ? `WHERE ${clauses.join(" AND ")}` : "",
    params: [...range.params, ...equal.params],
  };
  const groups = plan.dimensions.map((column) => dimensionExpression(store.engine.dialect, column));
  const select = [
    ...plan.dimensions.map((column, index) => `${groups[index]} AS ${quoteIdent(column.name)}`),
    ...report.measures.map(measureSql),
  ];
  const from = `FROM ${quoteIdent(plan.source.table)} ${eqWhere.sql} GROUP BY ${groups.join(", ")}`;
  const countSql = `SELECT COUNT(*) AS total FROM (SELECT 1 ${from}) grouped`;
  // A ledger projection is a view: no write bumps its version, so its count is never cached.
  const total = plan.source.resource.projection
    ? ((await store.get<{ total: number }>(countSql, eqWhere.params))?.total ?? 0)
    : await store.cachedCount([plan.source.table], countSql, eqWhere.params);
  const order = `ORDER BY ${query.sort.map((key) => `${quoteIdent(key.field)} ${key.desc ? "DESC" : "ASC"}`).join(", ")}, ${groups.join(", ")}`;
  const sql = `SELECT ${select.join(", ")} ${from} ${order}`;
  const rows = paged
    ? await store.all<Row>(`${sql} LIMIT ? OFFSET ?`, [...eqWhere.params, query.size, (query.page - 1) * query.size])
    : await store.all<Row>(sql, eqWhere.params);
  for (const row of rows) {
    row.id = plan.dimensions.map((column) => String(row[column.name])).join("|");
    for (const column of plan.dimensions)
      if (column.type === "boolean" && row[column.name] !== null) row[column.name] = row[column.name] === 1;
  }
  const list = await attachLabels(
    store,
    catalog,
    {
      refs: plan.dimensions.filter((column) => column.ref),
      regions: plan.dimensions.filter((column) => column.widget === "region"),
    },
    rows,
  );
  return paged ? { list, total, page: query.page, size: query.size } : { list, total };
}
