// Between JSON and table rows: booleans are stored as 0/1 and come back as true/false; a date-time
// is stored as the API writes times, UTC to the second (time/api-time.ts);
// secrets never leave; every ref column gains <field>_label (the referenced labelField), and every
// region column its region's names ("四川省 成都市"; each region's, for a comma-separated list);
// a multi-value column comes as its array and each value's label (links.ts).
import { quoteIdent } from "../db/sql-names";
import type { Store } from "../db/store";
import { regionPath } from "../regions/address-areas";
import { storedTime } from "../time/api-time";
import type { Catalog, ResourceInfo } from "./catalog";
import { jsonCell, jsonValue } from "./json-column";
import { attachLinks } from "./links";
import type { ContractColumn } from "../../schema/contract/server-contract";

export type Row = Record<string, unknown>;

/** A stored value as the API gives it: a boolean's 0/1 as false/true, nothing as null. */
const apiValue = (column: ResourceInfo["stored"][number], value: unknown): unknown =>
  column.json
    ? jsonValue(value)
    : column.type === "boolean" && value !== null && value !== undefined
      ? value === 1
      : (value ?? null);

export function toRecord(info: ResourceInfo, row: Row): Row {
  const record: Row = {};
  for (const column of info.stored) record[column.name] = apiValue(column, row[column.name]);
  return record;
}

/** toRecord of a row read as values, in the order of `info.selectList` (info.stored's). */
export function recordOfValues(info: ResourceInfo, values: readonly unknown[]): Row {
  const record: Row = {};
  const { stored } = info;
  for (let i = 0; i < stored.length; i++) record[stored[i].name] = apiValue(stored[i], values[i]);
  return record;
}

/** Input values (already validated) → bindable values for the stored columns they name. */
export function toDbValues(info: ResourceInfo, input: Row): Row {
  const values: Row = {};
  for (const column of info.stored) {
    if (!(column.name in input) || column.name === "id") continue;
    const value = input[column.name];
    if (column.json) values[column.name] = jsonCell(value);
    // One text per instant, the API's, on both engines (PostgreSQL's TIMESTAMPTZ prints it back so).
    else if (column.format === "date-time" && typeof value === "string") values[column.name] = storedTime(value);
    else values[column.name] = typeof value === "boolean" ? (value ? 1 : 0) : (value ?? null);
  }
  return values;
}

const LABEL_CHUNK = 500;

/** The labels of `ids` in `target`: those not kept since the table's last write, one query per chunk. */
export async function labelsOf(
  store: Store,
  target: ResourceInfo,
  ids: readonly number[],
): Promise<Map<number, unknown>> {
  const field = target.byName.has(target.resource.labelField) ? target.resource.labelField : "id";
  return await store.labels.labels(target.table, ids, async (missing) => {
    const found: (readonly [number, unknown])[] = [];
    for (let start = 0; start < missing.length; start += LABEL_CHUNK) {
      const chunk = missing.slice(start, start + LABEL_CHUNK);
      const marks = chunk.map(() => "?").join(",");
      const rows = await store.all<{ id: number; label: unknown }>(
        `SELECT "id" AS id, ${quoteIdent(field)} AS label FROM ${quoteIdent(target.table)} WHERE "id" IN (${marks})`,
        chunk,
      );
      for (const row of rows) found.push([row.id, row.label]);
    }
    return found;
  });
}

/** A region column's names; a column that lists several codes (comma-separated) names each, in order. */
const regionLabel = (value: string): string | null =>
  value.includes(",")
    ? value
        .split(",")
        .map((code) => regionPath(code) ?? code)
        .join(", ")
    : regionPath(value);

/** Each record's `<column>_label` for every region column: the region's names. */
function attachRegionLabels(info: Pick<ResourceInfo, "regions">, records: Row[]): void {
  for (const column of info.regions)
    for (const record of records) {
      const code = record[column.name];
      record[`${column.name}_label`] = typeof code === "string" ? regionLabel(code) : null;
    }
}

/** The entity a reference column points at, if it is one whose labels the records carry. */
function labelTarget(catalog: Catalog, column: ContractColumn): ResourceInfo | undefined {
  const target = catalog.find(column.ref!);
  return target?.resource.kind === "entity" ? target : undefined;
}

const referencedIds = (records: readonly Row[], column: ContractColumn): number[] => [
  ...new Set(records.map((record) => record[column.name]).filter((id): id is number => typeof id === "number")),
];

function setRefLabels(records: Row[], column: ContractColumn, labels: ReadonlyMap<number, unknown>): void {
  for (const record of records) {
    const id = record[column.name];
    record[`${column.name}_label`] = typeof id === "number" ? (labels.get(id) ?? null) : null;
  }
}

export async function attachLabels(
  store: Store,
  catalog: Catalog,
  info: Pick<ResourceInfo, "refs" | "regions"> & Partial<Pick<ResourceInfo, "links">>,
  records: Row[],
): Promise<Row[]> {
  if (info.links?.length) await attachLinks(store, catalog, { links: info.links }, records, labelsOf);
  attachRegionLabels(info, records);
  for (const column of info.refs) {
    const target = labelTarget(catalog, column);
    if (!target) continue;
    const ids = referencedIds(records, column);
    setRefLabels(records, column, ids.length ? await labelsOf(store, target, ids) : new Map<number, unknown>());
  }
  return records;
}

/**
 * attachLabels() with no promise, when the resource has no links and every label it needs is kept
 * (LabelCache.kept): true. False otherwise, with nothing attached; attachLabels() then reads them.
 */
export function attachLabelsAtOnce(
  store: Store,
  catalog: Catalog,
  info: Pick<ResourceInfo, "refs" | "regions"> & Partial<Pick<ResourceInfo, "links">>,
  records: Row[],
): boolean {
  if (info.links?.length) return false;
  const found: [ContractColumn, ReadonlyMap<number, unknown>][] = [];
  for (const column of info.refs) {
    const target = labelTarget(catalog, column);
    if (!target) continue;
    const ids = referencedIds(records, column);
    const labels = ids.length ? store.labels.kept(target.table, ids) : new Map<number, unknown>();
    if (!labels) return false;
    found.push([column, labels]);
  }
  attachRegionLabels(info, records);
  for (const [column, labels] of found) setRefLabels(records, column, labels);
  return true;
}
