// Multi-value fields (manifest type array of ids or region codes): no column of the record's own
// table, but rows (owner_id, value, position) of the join table the contract names, read and written
// with the record as an array in the order given. Every value must exist (an id of the referred
// resource, a region code of the GB/T 2260 tree) or the write is refused naming the field and the
// value; a record still held by another's array cannot be deleted, as for a single reference.
import { tableExists } from "../db/schema-catalog";
import { message, type Message } from "../../schema/contract/messages";
import { quoteIdent } from "../db/sql-names";
import type { Store } from "../db/store";
import { areaByCode, regionPath } from "../regions/address-areas";
import type { Catalog, ResourceInfo } from "./catalog";

type Row = Record<string, unknown>;
/** row-codec's labelsOf, handed in so that the codec and this file do not import each other. */
type LabelsOf = (store: Store, target: ResourceInfo, ids: readonly number[]) => Promise<Map<number, unknown>>;

const CHUNK = 500;

/** The join table of each multi-value column, created once; its value index serves the any-of filter. */
export async function ensureLinkTables(store: Store, info: ResourceInfo): Promise<string[]> {
  const created: string[] = [];
  for (const column of info.links) {
    const table = quoteIdent(column.link.table);
    if (await tableExists(store, column.link.table)) continue;
    await store.exec(
      `CREATE TABLE ${table} ("owner_id" INTEGER NOT NULL, "value" ${column.sqlType} NOT NULL, "position" INTEGER NOT NULL, PRIMARY KEY ("owner_id", "value"))`,
    );
    await store.exec(`CREATE INDEX ${quoteIdent(`ix_${column.link.table}_value`)} ON ${table} ("value", "owner_id")`);
    created.push(column.link.table);
  }
  return created;
}

/** Each record gains its arrays, in the order they were written, and <field>_label: each value's label. */
export async function attachLinks(
  store: Store,
  catalog: Catalog,
  info: Pick<ResourceInfo, "links">,
  records: Row[],
  labels: LabelsOf,
): Promise<void> {
  if (info.links.length === 0 || records.length === 0) return;
  const ids = records.map((record) => record.id).filter((id): id is number => typeof id === "number");
  for (const column of info.links) {
    const values = new Map<number, (string | number)[]>();
    for (let start = 0; start < ids.length; start += CHUNK) {
      const chunk = ids.slice(start, start + CHUNK);
      const rows = await store.all<{ owner_id: number; value: string | number }>(
        `SELECT "owner_id" AS owner_id, "value" AS value FROM ${quoteIdent(column.link.table)} WHERE "owner_id" IN (${chunk.map(() => "?").join(",")}) ORDER BY "owner_id", "position"`,
        chunk,
      );
      for (const row of rows) values.set(row.owner_id, [...(values.get(row.owner_id) ?? []), row.value]);
    }
    const target = column.link.ref ? catalog.find(column.link.ref) : undefined;
    const referred = target ? [...new Set([...values.values()].flat())] : [];
    const named =
      target && referred.length ? await labels(store, target, referred as number[]) : new Map<number, unknown>();
    for (const record of records) {
      const held = values.get(record.id as number) ?? [];
      record[column.name] = held;
      record[`${column.name}_label`] = held.map((value) =>
        target ? (named.get(value as number) ?? null) : regionPath(String(value)),
      );
    }
  }
}

/** Why each value of the input's arrays cannot be held, by field: an id no record has, an unknown region. */
export async function linkErrors(
  store: Store,
  catalog: Catalog,
  info: ResourceInfo,
  input: Row,
): Promise<Record<string, Message>> {
  const errors: Record<string, Message> = {};
  for (const column of info.links) {
    const values = input[column.name];
    if (!Array.isArray(values) || values.length === 0) continue;
    const target = column.link.ref ? catalog.find(column.link.ref) : undefined;
    if (target) {
      const found = new Set(
        (
          await store.all<{ id: number }>(
            `SELECT "id" AS id FROM ${quoteIdent(target.table)} WHERE "id" IN (${values.map(() => "?").join(",")})`,
            values as number[],
          )
        ).map((row) => row.id),
      );
      const missing = (values as number[]).find((id) => !found.has(id));
      if (missing !== undefined)
        errors[column.name] = message("common.rule.refMissing", {
          resource: target.resource.name,
          id: String(missing),
        });
    } else if (!column.link.ref) {
      const unknown = (values as string[]).find((code) => !areaByCode(code));
      if (unknown !== undefined) errors[column.name] = message("common.rule.regionUnknown", { code: unknown });
    }
  }
  return errors;
}

/** Replaces the record's values of each array the input names (null or [] empties it). */
export async function writeLinks(store: Store, info: ResourceInfo, id: number, input: Row): Promise<void> {
  for (const column of info.links) {
    if (!(column.name in input)) continue;
    const table = quoteIdent(column.link.table);
    await store.run(`DELETE FROM ${table} WHERE "owner_id" = ?`, [id]);
    const values = (input[column.name] ?? []) as (string | number)[];
    for (const [position, value] of values.entries())
      await store.run(`INSERT INTO ${table} ("owner_id", "value", "position") VALUES (?, ?, ?)`, [id, value, position]);
    // What is kept of the values (a dealer's regions, read by every public scan) is kept at this version.
    store.bump(column.link.table);
  }
}

export async function deleteLinks(store: Store, info: ResourceInfo, id: number): Promise<void> {
  for (const column of info.links) {
    await store.run(`DELETE FROM ${quoteIdent(column.link.table)} WHERE "owner_id" = ?`, [id]);
    store.bump(column.link.table);
  }
}

/** Why `id` of `info` may not go: the other records whose arrays still hold it. */
export async function linkUses(store: Store, catalog: Catalog, info: ResourceInfo, id: number): Promise<Message[]> {
  const uses: Message[] = [];
  for (const other of catalog.entities)
    for (const column of other.links) {
      if (column.link.ref !== info.resource.name) continue;
      const count = (await store.get<{ n: number }>(
        `SELECT COUNT(*) AS n FROM ${quoteIdent(column.link.table)} WHERE "value" = ?`,
        [id],
      ))!.n;
      if (count > 0) uses.push(message("common.usedBy", { count, resource: other.resource.name, column: column.name }));
    }
  return uses;
}
