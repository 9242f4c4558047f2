// Reading and writing one resource's rows. Writes check refs and their x-ref-where narrowing
// (400 naming the field), map
// unique violations to 409 40900, refuse deletes of rows still referred to (409 40901), keep
// timestamps and a create's x-stamp columns (stamps.ts), and bump the table's write version so
// cached totals are dropped.
import { UniqueViolation } from "../db/engine/database-errors";
import type { ContractResource } from "../../schema/contract/server-contract";
import { cellText } from "../db/cell-text";
import { quoteIdent } from "../db/sql-names";
import type { Store } from "../db/store";
import type { OwnInsert } from "../db/update-then-insert";
import { duplicate, inUse, invalid, recordMissing, refuseInvalid } from "../refusals";
import type { Catalog, ResourceInfo } from "./catalog";
import { refWhereErrors } from "./ref-where";
import { deleteLinks, linkErrors, linkUses, writeLinks } from "./links";
import { attachLabels, attachLabelsAtOnce, recordOfValues, toDbValues, type Row } from "./row-codec";
import { createStamps, NO_ACTOR, type Actor } from "./stamps";
import type { RecordId } from "../../schema/contract/record-id";
import { message, type Message } from "../../schema/contract/messages";
import { nowIso } from "../time/api-time";
import { perEntry } from "./per-entry";

/**
 * Values a create starts from: the schema defaults. A server-owned field with no default and no
 * x-stamp stays null unless server code (a create rule, an action) fills it; it is never made up.
 */
function defaultsOf(resource: ContractResource): Row {
  const defaults: Row = {};
  for (const schema of [resource.schemas.record, resource.schemas.create]) {
    const properties = (schema.properties ?? {}) as Record<string, { default?: unknown }>;
    for (const [name, property] of Object.entries(properties))
      if (property.default !== undefined) defaults[name] = property.default;
  }
  return defaults;
}

/** One row by id with the resource's select list: the text of every read by id, made once per entry. */
const byIdSql = perEntry((info) => `SELECT ${info.selectList} FROM ${quoteIdent(info.table)} WHERE "id" = ?`);

export class Records {
  constructor(
    readonly store: Store,
    readonly catalog: Catalog,
    private readonly clock: () => number,
  ) {}

  now(): string {
    return nowIso(this.clock());
  }

  /** The stored values a create of `info` starts from (its schema defaults), for rules that insert rows themselves. */
  defaultValues(info: ResourceInfo): Row {
    return toDbValues(info, defaultsOf(info.resource));
  }

  async row(info: ResourceInfo, id: RecordId): Promise<Row | undefined> {
    return await this.store.get(byIdSql(info), [id]);
  }

  /**
   * The row a write of the open transaction is about to change, held against other writes until it
   * ends (store.forUpdate): the values read are the ones the write replaces, and on PostgreSQL the
   * read and the hold are one statement.
   */
  async rowForWrite(info: ResourceInfo, id: RecordId): Promise<Row | undefined> {
    return await this.store.get(`${byIdSql(info)}${this.store.forUpdate()}`, [id]);
  }

  /** The record as the API returns it: converted, labelled. */
  async record(info: ResourceInfo, id: RecordId): Promise<Row> {
    // The values, not a row object: every read by id comes through here.
    const values = await this.store.values(byIdSql(info), [id]);
    if (!values) throw recordMissing(info.resource.name, id);
    return (await attachLabels(this.store, this.catalog, info, [recordOfValues(info, values)]))[0];
  }

  /**
   * record() with no promise, when the engine reads at once and every label is kept
   * (Store.valuesAtOnce, attachLabelsAtOnce): on SQLite the awaits of a read by id cost more than
   * the read itself. Undefined when it cannot, or when there is no such row: record() then answers.
   */
  recordAtOnce(info: ResourceInfo, id: RecordId): Row | undefined {
    const values = this.store.valuesAtOnce(byIdSql(info), [id]);
    if (!values) return undefined;
    const records = [recordOfValues(info, values)];
    return attachLabelsAtOnce(this.store, this.catalog, info, records) ? records[0] : undefined;
  }

  /** record() of a row already read with the resource's select list (rowForWrite, update's RETURNING). */
  async recordOfRow(info: ResourceInfo, row: Row): Promise<Row> {
    return (await attachLabels(this.store, this.catalog, info, [recordOfValues(info, Object.values(row))]))[0];
  }

  async singletonId(info: ResourceInfo): Promise<number | undefined> {
    return (
      await this.store.get<{ id: number }>(`SELECT "id" AS id FROM ${quoteIdent(info.table)} ORDER BY "id" LIMIT 1`)
    )?.id;
  }

  /** Every ref value must name an existing row of its target; so must each value of a multi-value field. */
  async checkRefs(info: ResourceInfo, values: Row, input: Row = {}): Promise<void> {
    const errors: Record<string, Message> = await linkErrors(this.store, this.catalog, info, input);
    for (const column of info.refs) {
      const value = values[column.name];
      if (value === null || value === undefined) continue;
      const target = this.catalog.find(column.ref!);
      if (!target) continue;
      const found = await this.store.get(`SELECT 1 AS found FROM ${quoteIdent(target.table)} WHERE "id" = ?`, [
        value as number,
      ]);
      if (!found)
        errors[column.name] = message("common.rule.refMissing", {
          resource: target.resource.name,
          id: cellText(value),
        });
    }
    refuseInvalid(errors);
  }

  /** manifest x-ref-where (ref-where.ts): 400 naming each ref whose referred row does not fit. */
  private async checkRefWhere(info: ResourceInfo, row: Row, changed: ReadonlySet<string>): Promise<void> {
    refuseInvalid(await refWhereErrors(this.store, this.catalog, info, row, changed));
  }

  /** `actor`: whom the create is made for, for its x-stamp: account columns. */
  async insert(info: ResourceInfo, input: Row, actor: Actor = NO_ACTOR): Promise<number> {
    const values = { ...toDbValues(info, defaultsOf(info.resource)), ...toDbValues(info, input) };
    const now = this.now();
    Object.assign(values, createStamps(info, values, now, actor));
    if (info.byName.has("created_at")) values.created_at = now;
    if (info.byName.has("updated_at")) values.updated_at = now;
    await this.checkRefs(info, values, input);
    await this.checkRefWhere(info, values, new Set(Object.keys(values)));
    const names = Object.keys(values);
    const sql = names.length
      ? `INSERT INTO ${quoteIdent(info.table)} (${names.map(quoteIdent).join(", ")}) VALUES (${names.map(() => "?").join(", ")})`
      : `INSERT INTO ${quoteIdent(info.table)} DEFAULT VALUES`;
    return await this.store.rowWrite(info.table, undefined, async () => {
      const id = await this.guardUnique(info, values, () => this.store.insert(sql, Object.values(values) as never[]));
      await writeLinks(this.store, info, id, input);
      return id;
    });
  }

  /**
   * A row the server makes itself on a hot path (a consumer scan's record, a warning): values
   * already in their stored form, on a table with no unique column and no stamp, refs taken from
   * rows that exist. Unlike insert(), no defaults, refs or x-ref-where are checked: each ref costs a
   * query per row. Times stamped and list totals kept exact as insert() does.
   */
  async insertOwn(info: ResourceInfo, values: Readonly<Record<string, string | number | null>>): Promise<number> {
    const { sql, params } = this.ownInsert(info, values);
    return await this.store.rowWrite(info.table, undefined, async () => this.store.insert(sql, params));
  }

  /** insertOwn's statement, for a caller that sends it together with another write (db/update-then-insert.ts). */
  ownInsert(info: ResourceInfo, values: Readonly<Record<string, string | number | null>>): OwnInsert {
    const row: Record<string, string | number | null> = {};
    for (const name of Object.keys(values)) if (info.byName.has(name)) row[name] = values[name]!;
    const now = this.now();
    if (info.byName.has("created_at")) row.created_at = now;
    if (info.byName.has("updated_at")) row.updated_at = now;
    const names = Object.keys(row);
    const sql = `INSERT INTO ${quoteIdent(info.table)} (${names.map(quoteIdent).join(", ")}) VALUES (${names.map(() => "?").join(", ")})`;
    return { table: info.table, sql, params: Object.values(row) };
  }

  /**
   * Answers the row as the update left it, read by the UPDATE itself (RETURNING), for the rules that
   * run after it; undefined if the row was gone by then (a caller that did not hold it).
   * `existing`: the row as the caller has just read it in the same transaction (rowForWrite), if it has.
   */
  async update(info: ResourceInfo, id: number, input: Row, existing?: Row): Promise<Row | undefined> {
    existing ??= await this.row(info, id);
    if (!existing) throw recordMissing(info.resource.name, id);
    const values = toDbValues(info, input);
    delete values.created_at;
    if (info.byName.has("updated_at")) values.updated_at = this.now();
    await this.checkRefs(info, values, input);
    const changed = new Set(Object.keys(values).filter((name) => values[name] !== existing[name]));
    await this.checkRefWhere(info, { ...existing, ...values }, changed);
    if (info.resource.tree && values[info.resource.tree.parentField] !== undefined)
      await this.checkNoCycle(info, id, values);
    const names = Object.keys(values);
    if (names.length === 0) return existing;
    const sql = `UPDATE ${quoteIdent(info.table)} SET ${names.map((name) => `${quoteIdent(name)} = ?`).join(", ")} WHERE "id" = ? RETURNING ${info.selectList}`;
    let updated: Row | undefined;
    await this.store.rowWrite(info.table, id, async () => {
      updated = await this.guardUnique(info, values, () =>
        this.store.get<Row>(sql, [...(Object.values(values) as never[]), id]),
      );
      await writeLinks(this.store, info, id, input);
      return id;
    });
    return updated;
  }

  /** `existing`: as update's. */
  async remove(info: ResourceInfo, id: number, existing?: Row): Promise<void> {
    if (!(existing ?? (await this.row(info, id)))) throw recordMissing(info.resource.name, id);
    await this.assertUnreferenced(info, id);
    await this.store.rowDelete(info.table, id, async () => {
      // The row's secrets (an account's password) go with it, sent right behind its DELETE: on
      // PostgreSQL the two share a round trip. Should the DELETE fail, its failure is the one
      // reported (the secrets' statement is then refused with it) and the transaction undoes both.
      const deleted = this.store.run(`DELETE FROM ${quoteIdent(info.table)} WHERE "id" = ?`, [id]);
      const secretsDeleted = this.store.run("DELETE FROM _secrets WHERE resource = ? AND row_id = ?", [
        info.resource.name,
        id,
      ]);
      secretsDeleted.catch(() => undefined); // awaited below, once the DELETE has succeeded
      await deleted;
      await deleteLinks(this.store, info, id);
      await secretsDeleted;
    });
  }

  /** spec §7 departments and every x-ref: no delete while other rows point at it. */
  async assertUnreferenced(info: ResourceInfo, id: number): Promise<void> {
    const uses: Message[] = await linkUses(this.store, this.catalog, info, id);
    for (const { resource, column } of info.referrers) {
      const target = this.catalog.info(resource.name);
      const count = (await this.store.get<{ n: number }>(
        `SELECT COUNT(*) AS n FROM ${quoteIdent(target.table)} WHERE ${quoteIdent(column.name)} = ?`,
        [id],
      ))!.n;
      if (count === 0) continue;
      const isChild = resource.name === info.resource.name && info.resource.tree?.parentField === column.name;
      uses.push(
        isChild
          ? message("common.usedByChildren", { count, resource: resource.name })
          : message("common.usedBy", { count, resource: resource.name, column: column.name }),
      );
    }
    if (uses.length) throw inUse(message("common.inUse", { resource: info.resource.name, id: String(id), uses }));
  }

  private async checkNoCycle(info: ResourceInfo, id: number, values: Row): Promise<void> {
    const parentField = info.resource.tree!.parentField;
    let parent = values[parentField] as number | null;
    for (let depth = 0; parent !== null && parent !== undefined && depth < 10_000; depth += 1) {
      if (parent === id) throw invalid(parentField, message("common.rule.ownAncestor"));
      parent = ((await this.row(info, parent))?.[parentField] as number | null | undefined) ?? null;
    }
  }

  private async guardUnique<T>(info: ResourceInfo, values: Row, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (!(error instanceof UniqueViolation)) throw error;
      const field = error.columns[0] ?? info.stored.find((column) => column.unique)?.name ?? "id";
      throw duplicate(field, values[field]);
    }
  }
}
