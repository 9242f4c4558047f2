// Packing (包装关联), unpacking and replacement on the ledger. A package holds codes of the level
// its product's packaging hierarchy names (package_hierarchies: level ⊃ child_level × ratio), up
// to the ratio; both codes must be activated and not voided; a code sits in one package; no
// package contains itself. Each change is a ledger event that sets the codes' state (status,
// parent); the packaging_links rows are the rules' own projection of the same chain.
import type { AppContext } from "../context";
import { conflict, invalid } from "../errors";
import { childrenOf, findCode, knownCode, type CodeRow } from "./code-lookup";
import { CodeStatus } from "./ledger/event-vocabulary";
import { recordEvent } from "./ledger/ledger";
import { isClosedPackage } from "./package-fill";

/** item → box → case → pallet; a longer walk means the chain is already broken. */
const MAX_DEPTH = 16;
const IN_USE: readonly string[] = [CodeStatus.activated, CodeStatus.packed];

const withArticle = (word: string | null) => (word === null ? "an untyped" : `${/^[aeiou]/.test(word) ? "an" : "a"} ${word}`);


/** 409 unless the code is active (activated, or packed when `packedOk`), naming why not. */
function requireActive(code: CodeRow, field: string, packedOk: boolean): void {
  if (code.status === CodeStatus.voided) throw conflict(field, `${code.code} is voided`);
  if (code.status === CodeStatus.generated) throw conflict(field, `${code.code} is not activated`);
  if (code.status === CodeStatus.packed && !packedOk) throw conflict(field, `${code.code} is already packed in ${code.parent_code ?? "a package"}`);
  if (!IN_USE.includes(code.status ?? "")) throw conflict(field, `${code.code} is ${code.status ?? "without a status"}; only codes in the plant can be packed`);
}

/** How many `child` codes one `parent` code holds, from the product's packaging hierarchy. */
export function capacityOf(ctx: AppContext, parent: CodeRow, child: CodeRow): number | undefined {
  return ctx.store.get<{ ratio: number }>(
    `SELECT "ratio" AS ratio FROM "package_hierarchies" WHERE "product_id" = ? AND "level" = ? AND "child_level" = ? ORDER BY "id" LIMIT 1`,
    [parent.product_id, parent.code_type, child.code_type],
  )?.ratio;
}

export interface PackRequest {
  readonly parentCode: string;
  readonly childCode: string;
  /** The parent's packaging level as the caller states it (packaging_links.level); checked against the code. */
  readonly level?: string | null;
  readonly workOrderId?: number | null;
  readonly operator: string | null;
}

/** Checks and records one child into one parent. Throws, naming the field, when it cannot be. */
export function pack(ctx: AppContext, request: PackRequest): { level: string } {
  if (request.parentCode === request.childCode) throw invalid("child_code", "must differ from parent_code");
  const child = knownCode(ctx, request.childCode, "child_code");
  const parent = knownCode(ctx, request.parentCode, "parent_code");
  requireActive(child, "child_code", false);
  requireActive(parent, "parent_code", true);
  for (let up: string | null = parent.parent_code, depth = 0; up !== null && depth < MAX_DEPTH; depth += 1) {
    if (up === child.code) throw invalid("child_code", `${child.code} already holds ${parent.code}; a package cannot contain itself`);
    up = findCode(ctx, up)?.parent_code ?? null;
  }
  if (request.level != null && request.level !== parent.code_type)
    throw invalid("level", `${parent.code} is ${withArticle(parent.code_type)} code, not ${withArticle(request.level)}`);
  const capacity = capacityOf(ctx, parent, child);
  if (capacity === undefined)
    throw invalid("child_code", `the product's packaging hierarchy has no ${child.code_type ?? "untyped"} inside ${withArticle(parent.code_type)}, so ${child.code} cannot go into ${parent.code}`);
  if (isClosedPackage(ctx, parent.code)) throw conflict("parent_code", `${parent.code} was closed as a partial package when its work order finished; it takes no more codes`);
  const held = childrenOf(ctx, parent.code).length;
  if (held >= capacity) throw conflict("parent_code", `${parent.code} is full (${held}/${capacity})`);
  recordEvent(
    ctx,
    { kind: "pack", codes: [child.code], parentCode: parent.code, workOrderId: request.workOrderId ?? child.work_order_id, lot: child.batch_no, operator: request.operator },
    { status: CodeStatus.packed, parent_code: parent.code },
    [CodeStatus.activated],
  );
  return { level: parent.code_type! };
}

/** Takes `codes` out of `parent` (an unpacking event); what they hold stays with them. */
export function unpack(ctx: AppContext, parent: string, codes: readonly string[], operator: string | null, reason?: string | null): void {
  if (!codes.length) return;
  recordEvent(ctx, { kind: "unpack", codes, parentCode: parent, reason: reason ?? null, operator }, { status: CodeStatus.activated, parent_code: null }, [CodeStatus.packed]);
}

/**
 * 关联替换 / 补码: `newCode` takes `oldCode`'s place — its package, lot, work order, product and what it
 * held — and `oldCode` is voided with the reason and "replaced by". The new code must be unused
 * (generated) and of the old one's level; one in use cannot be a replacement.
 */
export function replaceCode(ctx: AppContext, oldCode: string, newCode: string, reason: string | null, operator: string | null): CodeRow {
  if (newCode === oldCode) throw invalid("new_code", "must differ from old_code");
  const old = knownCode(ctx, oldCode, "old_code");
  const fresh = knownCode(ctx, newCode, "new_code");
  if (!IN_USE.includes(old.status ?? "")) throw conflict("old_code", `${old.code} is ${old.status === CodeStatus.voided ? "voided" : `not in use (${old.status ?? "no status"})`}; only a code in use is replaced`);
  if (fresh.status === CodeStatus.voided) throw conflict("new_code", `${fresh.code} is voided`);
  if (fresh.status !== CodeStatus.generated) throw conflict("new_code", `${fresh.code} is already in use (${fresh.status ?? "no status"}); a replacement must be an unused code`);
  if (fresh.code_type !== old.code_type) throw invalid("new_code", `${fresh.code} is ${withArticle(fresh.code_type)} code; ${old.code} is ${withArticle(old.code_type)} code`);
  const held = childrenOf(ctx, old.code).map((row) => row.code);
  const parent = old.parent_code;
  // Old first: out of its package, its contents out of it, then voided.
  if (parent) unpack(ctx, parent, [old.code], operator, reason);
  unpack(ctx, old.code, held, operator, reason);
  recordEvent(
    ctx,
    { kind: "void", codes: [old.code], relatedCode: fresh.code, reason, workOrderId: old.work_order_id, operator },
    { status: CodeStatus.voided, void_reason: reason, replaced_by: fresh.code },
    [CodeStatus.activated],
  );
  recordEvent(
    ctx,
    { kind: "replace", codes: [fresh.code], relatedCode: old.code, reason, workOrderId: old.work_order_id, lot: old.batch_no, operator },
    { status: CodeStatus.activated, work_order_id: old.work_order_id, batch_no: old.batch_no, product_id: old.product_id },
    [CodeStatus.generated],
  );
  if (parent)
    recordEvent(ctx, { kind: "pack", codes: [fresh.code], parentCode: parent, workOrderId: old.work_order_id, operator }, { status: CodeStatus.packed, parent_code: parent }, [CodeStatus.activated]);
  if (held.length)
    recordEvent(ctx, { kind: "pack", codes: held, parentCode: fresh.code, workOrderId: old.work_order_id, operator }, { status: CodeStatus.packed, parent_code: fresh.code }, [CodeStatus.activated]);
  return old;
}
