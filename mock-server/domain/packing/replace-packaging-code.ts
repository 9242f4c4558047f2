// packaging_replacements onCreate (关联替换, 补码: a damaged label): new_code takes old_code's place
// through the replacement rule (packing.ts) — its package, lot, work order and what it
// held — and old_code is voided with the reason and "replaced by", all as ledger events; the link
// rows follow. The log row keeps the package and its level.
import { findCode } from "../codes/code-lookup";
import type { CreateHandler } from "../create-handler";
import { contentsOf, linkOf, packagingLinks, requireColumns } from "./packaging-links";
import { replaceCode } from "./packing";

export const replacePackagingCode: CreateHandler = {
  check: (ctx, info) => {
    const owner = `${info.resource.name}.onCreate replace-packaging-code`;
    requireColumns(ctx, owner, ["parent_code", "child_code", "level"]);
    requireColumns(ctx, owner, ["old_code", "new_code", "parent_code", "level"], info.resource.name);
  },
  run: async ({ ctx, input, actor }) => {
    const oldCode = input.old_code as string;
    const newCode = input.new_code as string;
    const old = await replaceCode(ctx, oldCode, newCode, (input.reason as string | undefined) ?? null, actor.account);
    const links = packagingLinks(ctx);
    const link = await linkOf(ctx, oldCode);
    if (link) await ctx.records.update(links, link.id, { child_code: newCode });
    for (const id of await contentsOf(ctx, oldCode)) await ctx.records.update(links, id, { parent_code: newCode });
    const parent = old.parent_code ? await findCode(ctx, old.parent_code) : undefined;
    return { parent_code: old.parent_code, level: parent?.code_type ?? null };
  },
};
