// Seeds one table: rows × scale demo rows, every value checked against the field's own schema
// (falling back to plain codes when a realistic value breaks a rule), unique fields kept
// unique, refs pointing at existing rows (and, under x-ref-where, at rows that fit the row's own
// narrowing columns), tree resources built as real trees, stamped columns as the server would
// have stamped them (seed-stamps.ts). One transaction.
import type { ValidateFunction } from "ajv";
import type { ContractColumn } from "../../schema/contract/server-contract";
import type { AppContext } from "../context";
import { quoteIdent } from "../db/sql-names";
import type { Params } from "../db/sql-params";
import { compileStrict } from "../http/validator-compilers";
import type { ResourceInfo } from "../resources/catalog";
import { fallbackValues, valueFor, type ValueEnv } from "./column-values";
import { Prng, seedOf } from "./prng";
import { applyStampSeed, stampSeed } from "./seed-stamps";
import * as W from "./zh-words";

const MAX_TREE_DEPTH = 3;

function validators(info: ResourceInfo): Map<string, ValidateFunction> {
  const out = new Map<string, ValidateFunction>();
  const sources = [info.resource.schemas.create, info.resource.schemas.record].map(
    (schema) => (schema.properties ?? {}) as Record<string, Record<string, unknown>>,
  );
  for (const column of info.stored) {
    const property = sources[0][column.name] ?? sources[1][column.name];
    if (property) out.set(column.name, compileStrict(property));
  }
  return out;
}

function uniqueVariant(value: unknown, column: ContractColumn, index: number, taken: Set<unknown>): unknown {
  if (!taken.has(value) || typeof value !== "string") return value;
  const suffix = String(index + 1);
  const room = (column.maxLength ?? 64) - suffix.length;
  return value.slice(0, Math.max(0, room)) + suffix;
}

/** Figures that belong together: output does not exceed the plan, a code never scanned has no scan time. */
function keepPlausible(row: Record<string, unknown>): void {
  const planned = row.planned_qty;
  if (typeof planned === "number" && typeof row.produced_qty === "number" && row.produced_qty > planned)
    row.produced_qty = Math.floor(planned * (0.6 + (row.produced_qty % 40) / 100));
  if (row.scan_count === 0 && "first_scan_at" in row) row.first_scan_at = null;
}

export interface TableSeed {
  readonly rows: number;
  readonly anchor: number;
  readonly areaCodes: readonly string[];
  readonly publicOrigin?: string;
}

type Referred = Record<string, unknown> & { id: number };

/** As the row will be stored: booleans 0/1. */
const asStored = (value: unknown): unknown => (typeof value === "boolean" ? (value ? 1 : 0) : (value ?? null));

/**
 * A row of `pool` whose x-ref-where columns equal the row's own. None fits and the ref is
 * required: any row, and the row's own columns are set from it, so the pair stays consistent.
 */
function pickNarrowed(
  column: ContractColumn,
  pool: readonly Referred[],
  row: Record<string, unknown>,
  rng: Prng,
): number | null {
  const where = Object.entries(column.refWhere ?? {});
  const fits = pool.filter((referred) =>
    where.every(
      ([theirs, own]) => row[own] !== null && row[own] !== undefined && referred[theirs] === asStored(row[own]),
    ),
  );
  if (!(column.required || rng.chance(0.9))) return null;
  if (fits.length) return rng.pick(fits).id;
  if (!column.required || pool.length === 0) return null;
  const referred = rng.pick(pool);
  for (const [theirs, own] of where) row[own] = referred[theirs];
  return referred.id;
}

export async function seedTable(ctx: AppContext, info: ResourceInfo, seed: TableSeed): Promise<number[]> {
  const rng = new Prng(seedOf(info.table));
  const check = validators(info);
  const tree = info.resource.tree;
  const columns = info.stored.filter((column) => column.name !== "id");
  // Narrowed refs last: their choice depends on the row's other values.
  const fillOrder = [...columns.filter((column) => !column.refWhere), ...columns.filter((column) => column.refWhere)];
  const refRows = new Map<string, Referred[]>();
  for (const column of info.refs) {
    if (column.ref === info.resource.name) continue;
    const target = ctx.catalog.find(column.ref!);
    const narrowing = Object.keys(column.refWhere ?? {})
      .map((name) => `, ${quoteIdent(name)}`)
      .join("");
    // In id order: the PRNG picks a ref by its place in this list, and only an ORDER BY makes that
    // place the same on every engine (PostgreSQL returns rows in no promised order).
    refRows.set(
      column.name,
      target
        ? await ctx.store.all<Referred>(`SELECT "id" AS id${narrowing} FROM ${quoteIdent(target.table)} ORDER BY "id"`)
        : [],
    );
  }
  const taken = new Map<string, Set<unknown>>();
  for (const column of columns.filter((column) => column.unique)) {
    const rows = await ctx.store.all<{ v: unknown }>(
      `SELECT ${quoteIdent(column.name)} AS v FROM ${quoteIdent(info.table)}`,
    );
    taken.set(column.name, new Set<unknown>(rows.map((row) => row.v)));
  }
  const insert = `INSERT INTO ${quoteIdent(info.table)} (${columns.map((column) => quoteIdent(column.name)).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`;
  const stamps = await stampSeed(ctx, info);
  const ids: number[] = [];
  const depth = new Map<number, number>();
  /** Rows that may still take children (tree resources). */
  const parents: number[] = [];
  await ctx.store.transaction(async () => {
    for (let index = 0; index < seed.rows; index += 1) {
      const env: ValueEnv = {
        rng,
        anchor: seed.anchor,
        index,
        table: info.table,
        areaCodes: seed.areaCodes,
        publicOrigin: seed.publicOrigin,
      };
      const row: Record<string, unknown> = {};
      for (const column of fillOrder) {
        if (tree && column.name === tree.parentField) {
          const roots = Math.min(W.DEPARTMENTS_ROOT.length, Math.max(1, Math.floor(seed.rows / 4)));
          row[column.name] = index < roots || parents.length === 0 ? null : rng.pick(parents);
          continue;
        }
        if (column.ref) {
          const pool = refRows.get(column.name) ?? [];
          if (column.refWhere) row[column.name] = pickNarrowed(column, pool, row, rng);
          else row[column.name] = pool.length && (column.required || rng.chance(0.9)) ? rng.pick(pool).id : null;
          continue;
        }
        if (column.name === "updated_at" && row.created_at) {
          row[column.name] = row.created_at;
          continue;
        }
        // Some optional free-text fields stay empty, as in real data; coded fields never do.
        if (
          !column.required &&
          !column.unique &&
          !column.system &&
          !column.enumValues &&
          column.type === "string" &&
          !column.format &&
          rng.chance(0.06)
        ) {
          row[column.name] = null;
          continue;
        }
        let value = valueFor(column, env);
        if (
          tree &&
          column.name === info.resource.labelField &&
          row[tree.parentField] === null &&
          /depart/.test(column.name)
        )
          value = W.DEPARTMENTS_ROOT[index % W.DEPARTMENTS_ROOT.length];
        const valid = check.get(column.name);
        if (valid && !valid(value)) value = fallbackValues(column, env).find((candidate) => valid(candidate)) ?? null;
        const set = taken.get(column.name);
        if (set) {
          value = uniqueVariant(value, column, index, set);
          set.add(value);
        }
        row[column.name] = value;
      }
      keepPlausible(row);
      if (stamps) applyStampSeed(stamps, row);
      // Seeded values are scalars (column-values.ts); booleans are stored as 0/1.
      const values = columns.map((column) => {
        const value = row[column.name];
        return typeof value === "boolean" ? (value ? 1 : 0) : (value ?? null);
      }) as Params;
      const id = await ctx.store.insert(insert, values);
      ids.push(id);
      if (tree) {
        const parent = row[tree.parentField] as number | null;
        const level = parent === null ? 0 : (depth.get(parent) ?? 0) + 1;
        depth.set(id, level);
        if (level < MAX_TREE_DEPTH - 1) parents.push(id);
      }
    }
  });
  ctx.store.bump(info.table);
  return ids;
}
