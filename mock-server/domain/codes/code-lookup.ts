// Reading codes' current state (trace_codes) for the chain's rules: one code, many codes, a range.
import { message } from "../../../schema/contract/messages";
import type { ChainContext } from "../chain-context";
import { quoteIdent } from "../../db/sql-names";
import { invalid } from "../refusal";
import { traceCodes } from "../ledger/ledger";

export interface CodeRow {
  readonly id: number;
  readonly code: string;
  readonly code_type: string | null;
  readonly status: string | null;
  readonly parent_code: string | null;
  readonly order_id: number | null;
  readonly work_order_id: number | null;
  readonly product_id: number | null;
  readonly batch_no: string | null;
}

const COLUMNS = `"id" AS id, "code" AS code, "code_type" AS code_type, "status" AS status, "parent_code" AS parent_code,
  "order_id" AS order_id, "work_order_id" AS work_order_id, "product_id" AS product_id, "batch_no" AS batch_no`;

export const findCode = async (ctx: ChainContext, code: string): Promise<CodeRow | undefined> =>
  await ctx.store.get<CodeRow>(`SELECT ${COLUMNS} FROM ${quoteIdent(traceCodes(ctx).table)} WHERE "code" = ?`, [code]);

/**
 * Locks the codes' rows until the rule's transaction ends (store.lockRows): a rule that reads a
 * code's state, decides and writes it takes this first, so two requests racing on PostgreSQL for the
 * same code (or the same package) run one after the other and the second sees what the first wrote.
 */
export const lockCodes = async (ctx: ChainContext, codes: readonly string[]): Promise<void> =>
  await ctx.store.lockRows(traceCodes(ctx).table, "code", codes);

/**
 * Locks `codes` and every package above each (lockCodes, in one call, so in one id order), so two
 * rules racing over codes where one contains the other (a case and the box inside it onto two
 * waybills) share at least one lock and run one after the other. The packages are found before
 * the lock is taken; a rule then reads them again under it.
 */
export async function lockCodesAndPackages(ctx: ChainContext, codes: readonly string[]): Promise<void> {
  const chain = new Set<string>();
  for (const code of codes)
    for (let current: string | null = code, depth = 0; current !== null && depth < 16; depth += 1) {
      chain.add(current);
      current = (await findCode(ctx, current))?.parent_code ?? null;
    }
  await lockCodes(ctx, [...chain]);
}

/** The code's row, or a 400 naming `field` when no such code was issued or imported. */
export async function knownCode(ctx: ChainContext, code: string, field: string): Promise<CodeRow> {
  const row = await findCode(ctx, code);
  if (!row) throw invalid(field, message("codes.unknownCode", { code }));
  return row;
}

/** Codes of one code order from `first` to `last` in issue order (both included). */
export async function codesBetween(
  ctx: ChainContext,
  first: CodeRow,
  last: CodeRow,
  limit: number,
): Promise<CodeRow[]> {
  return await ctx.store.all<CodeRow>(
    `SELECT ${COLUMNS} FROM ${quoteIdent(traceCodes(ctx).table)} WHERE "order_id" = ? AND "id" BETWEEN ? AND ? ORDER BY "id" LIMIT ?`,
    [first.order_id, first.id, last.id, limit],
  );
}

/** Locks the codes of one code order from `first` to `last` in issue order (a range lockCodes). */
export const lockCodesBetween = async (ctx: ChainContext, first: CodeRow, last: CodeRow): Promise<void> =>
  await ctx.store.lockWhere(traceCodes(ctx).table, `"order_id" = ? AND "id" BETWEEN ? AND ?`, [
    first.order_id,
    first.id,
    last.id,
  ]);

/** The codes a package holds now (its children in the state). */
export const childrenOf = async (ctx: ChainContext, code: string): Promise<CodeRow[]> =>
  await ctx.store.all<CodeRow>(
    `SELECT ${COLUMNS} FROM ${quoteIdent(traceCodes(ctx).table)} WHERE "parent_code" = ? ORDER BY "id"`,
    [code],
  );
