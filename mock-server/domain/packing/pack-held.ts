// packaging_links.pack_held (包装工位, children first): the codes are scanned before their package.
// A scan of a code that is not of the station's level is checked as a child of such a package (the
// packing rule's checks that need no parent: known, activated, in no package, a level the product's
// hierarchy packs into `level`, not held twice, no more than one package takes) and kept by the
// station: nothing is written. A scan of a `level` code closes the held codes into it, each through
// the packing rule and stored as the packaging_links row 包装关联 writes, all in one transaction
// or none.
import { conflict, invalid } from "../refusal";
import { message } from "../../../schema/contract/messages";
import type { ChainContext } from "../chain-context";
import type { ResourceInfo } from "../../resources/catalog";
import type { Actor } from "../../resources/stamps";
import { knownCode, type CodeRow } from "../codes/code-lookup";
import { levelWord } from "../codes/code-words";
import type { DomainHandler } from "../domain-handler";
import { pack, requireActive } from "./packing";

export interface HeldScan {
  readonly orderId: number;
  readonly level: string;
  readonly code: string;
  readonly held: readonly string[];
}

export type HeldAnswer =
  | { readonly held: string; readonly count: number; readonly capacity: number }
  | { readonly closed: string; readonly packed: number };

/** How many codes of `child`'s level one `level` package of its product takes; undefined when none. */
async function ratioInto(ctx: ChainContext, child: CodeRow, level: string): Promise<number | undefined> {
  return (
    await ctx.store.get<{ ratio: number }>(
      `SELECT "ratio" AS ratio FROM "package_hierarchies" WHERE "product_id" = ? AND "level" = ? AND "child_level" = ? ORDER BY "id" LIMIT 1`,
      [child.product_id, level, child.code_type],
    )
  )?.ratio;
}

async function checkHeld(ctx: ChainContext, code: CodeRow, scan: HeldScan): Promise<HeldAnswer> {
  requireActive(code, "child_code", false);
  if (scan.held.includes(code.code)) throw conflict("child_code", message("codes.alreadyHeld", { code: code.code }));
  const capacity = await ratioInto(ctx, code, scan.level);
  if (capacity === undefined)
    throw invalid(
      "child_code",
      message("codes.notInHierarchy", {
        child: levelWord("level", code.code_type),
        parent: levelWord("aLevel", scan.level),
        code: code.code,
        parentCode: levelWord("aLevel", scan.level),
      }),
    );
  if (scan.held.length >= capacity)
    throw conflict("child_code", message("codes.heldFull", { capacity, level: levelWord("level", scan.level) }));
  return { held: code.code, count: scan.held.length + 1, capacity };
}

/** Checks one scan, or closes the held codes into the package scanned; writes only when it closes. */
export async function packHeld(
  ctx: ChainContext,
  info: ResourceInfo,
  scan: HeldScan,
  actor: Actor,
): Promise<HeldAnswer> {
  const code = await knownCode(ctx, scan.code, "child_code");
  if (code.code_type !== scan.level) return await checkHeld(ctx, code, scan);
  if (!scan.held.length) throw invalid("held", message("codes.nothingHeld", { code: code.code }));
  for (const child of scan.held) {
    await pack(ctx, {
      parentCode: code.code,
      childCode: child,
      level: scan.level,
      workOrderId: scan.orderId,
      operator: actor.account,
    });
    await ctx.records.insert(
      info,
      { parent_code: code.code, child_code: child, level: scan.level, order_id: scan.orderId },
      actor,
    );
  }
  return { closed: code.code, packed: scan.held.length };
}

export const packHeldHandler: DomainHandler = {
  inputProperties: {
    order_id: { type: "integer", minimum: 1 },
    level: { type: "string", minLength: 1, maxLength: 16 },
    child_code: { type: "string", minLength: 1, maxLength: 64 },
    held: { type: "array", items: { type: "string", minLength: 1, maxLength: 64 }, maxItems: 200, uniqueItems: true },
  },
  run: async ({ ctx, info, input, actor }) => {
    for (const field of ["order_id", "level", "child_code"])
      if (input[field] === undefined || input[field] === null) throw invalid(field, message("common.rule.required"));
    return await packHeld(
      ctx,
      info,
      {
        orderId: input.order_id as number,
        level: input.level as string,
        code: (input.child_code as string).trim(),
        held: (input.held as string[] | undefined) ?? [],
      },
      actor,
    );
  },
};
