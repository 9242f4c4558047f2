// refine's pagination, sorters and filters → the list parameters of the server protocol:
// page (1-based), size (≤ 100), sort ("field" or "-field", comma-separated),
// <field>=value for eq/contains, <field>_from / <field>_to for ranges, <field>=a,b for any of
// several values (operator in).
import type { CrudFilter, CrudSort, Pagination } from "@refinedev/core";

import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../../schema/contract/page-limits";

// The limits are the contract's (the server refuses a larger size); the screens import them from here.
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };

export type ListParamValue = string | number | boolean;
export type ListParams = Record<string, ListParamValue>;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);
}

function serialize(value: unknown): ListParamValue {
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => String(serialize(item))).join(",");
  const withIso = value as { toISOString?: () => string };
  if (typeof withIso?.toISOString === "function") return withIso.toISOString();
  return String(value);
}

function put(params: ListParams, key: string, value: unknown): void {
  if (!isEmpty(value)) params[key] = serialize(value);
}

export function filtersToQuery(filters: readonly CrudFilter[] = []): ListParams {
  const params: ListParams = {};
  for (const filter of filters) {
    if (filter.operator === "and") {
      Object.assign(params, filtersToQuery(filter.value));
      continue;
    }
    // "or" and the operators the server does not know cannot be expressed; they are left out.
    if (!("field" in filter)) continue;
    const { field, operator } = filter;
    const value: unknown = filter.value;
    if (operator === "eq" || operator === "contains" || operator === "in") put(params, field, value);
    else if (operator === "gte") put(params, `${field}_from`, value);
    else if (operator === "lte") put(params, `${field}_to`, value);
    else if (operator === "between" && Array.isArray(value)) {
      put(params, `${field}_from`, value[0]);
      put(params, `${field}_to`, value[1]);
    }
  }
  return params;
}

export function sortersToParam(sorters: readonly CrudSort[] = []): string | undefined {
  const parts = sorters.filter((s) => s.field).map((s) => (s.order === "desc" ? `-${s.field}` : s.field));
  return parts.length > 0 ? parts.join(",") : undefined;
}

export function clampPageSize(size: number | undefined): number {
  const wanted = size && size > 0 ? Math.floor(size) : DEFAULT_PAGE_SIZE;
  return Math.min(wanted, MAX_PAGE_SIZE);
}

export interface ListRequest {
  pagination?: Pagination;
  sorters?: readonly CrudSort[];
  filters?: readonly CrudFilter[];
  /** false for resources whose list call does not page (meta.paged). */
  paged?: boolean;
}

export function buildListParams({ pagination, sorters, filters, paged = true }: ListRequest): ListParams {
  const params: ListParams = { ...filtersToQuery(filters) };
  const mode = pagination?.mode ?? "server";
  if (paged && mode === "server") {
    params.page = Math.max(1, Math.floor(pagination?.currentPage ?? 1));
    params.size = clampPageSize(pagination?.pageSize);
  }
  const sort = sortersToParam(sorters);
  if (sort) params.sort = sort;
  return params;
}
