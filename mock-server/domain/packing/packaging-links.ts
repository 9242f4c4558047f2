// The packaging chain as the create rules see it: packaging_links holds one row per child code
// in a parent code (child_code unique; level = the parent's packaging level), so "where is this
// code packed" is one row and "what does this package hold" is the rows naming it as parent.
import type { ChainContext } from "../chain-context";
import { quoteIdent } from "../../db/sql-names";
import type { ResourceInfo } from "../../resources/catalog";

export const PACKAGING_LINKS = "packaging_links";

export interface PackagingLink {
  readonly id: number;
  readonly parent_code: string;
  readonly child_code: string;
  readonly level: string | null;
}

/** Start-up check: `resource` (default packaging_links) exists and has `columns`. */
export function requireColumns(
  ctx: ChainContext,
  owner: string,
  columns: readonly string[],
  resource = PACKAGING_LINKS,
): void {
  const info = ctx.catalog.find(resource);
  if (!info) throw new Error(`${owner}: the contract has no ${resource} resource`);
  const missing = columns.filter((name) => !info.byName.has(name));
  if (missing.length) throw new Error(`${owner}: ${resource} has no column ${missing.join(", ")}`);
}

export const packagingLinks = (ctx: ChainContext): ResourceInfo => ctx.catalog.info(PACKAGING_LINKS);

/** The link that packs `code`, if any. */
export async function linkOf(ctx: ChainContext, code: string): Promise<PackagingLink | undefined> {
  return await ctx.store.get<PackagingLink>(
    `SELECT "id" AS id, "parent_code" AS parent_code, "child_code" AS child_code, "level" AS level FROM ${quoteIdent(PACKAGING_LINKS)} WHERE "child_code" = ?`,
    [code],
  );
}

/** The ids of the links whose parent is `code` (what the package holds). */
export async function contentsOf(ctx: ChainContext, code: string): Promise<number[]> {
  return (
    await ctx.store.all<{ id: number }>(
      `SELECT "id" AS id FROM ${quoteIdent(PACKAGING_LINKS)} WHERE "parent_code" = ? ORDER BY "id"`,
      [code],
    )
  ).map((row) => row.id);
}

/** Removes the link rows that pack `codes` (they have left their packages). */
export async function dropLinks(ctx: ChainContext, codes: readonly string[]): Promise<void> {
  for (const code of codes) {
    const link = await linkOf(ctx, code);
    if (link) await ctx.records.remove(packagingLinks(ctx), link.id);
  }
}
