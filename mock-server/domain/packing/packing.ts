// Packing (包装关联), unpacking and replacement on the ledger. A package holds codes of the level
// its product's packaging hierarchy names (package_hierarchies: level ⊃ child_level × ratio), up
// to the ratio; both codes must be activated and not voided; a code sits in one package; no
// package contains itself. Each change is a ledger event that sets the codes' state (status,
// parent); the packaging_links rows are the rules' own projection of the same chain.
import { message } from "../../../schema/contract/messages";
import type { ChainContext } from "../chain-context";
import { conflict, invalid } from "../refusal";
import { childrenOf, findCode, knownCode, lockCodes, type CodeRow } from "../codes/code-lookup";
import { levelWord, statusWord } from "../codes/code-words";
import { CODE_USE_KINDS, CodeStatus } from "../ledger/event-vocabulary";
import { recordEvent } from "../ledger/ledger";
import { isClosedPackage } from "./package-fill";

/** item → box → case → pallet; a longer walk means the chain is already broken. */
const MAX_DEPTH = 16;
const IN_USE: readonly string[] = [CodeStatus.activated, CodeStatus.packed];

/** 409 unless the code is active (activated, or packed when `packedOk`), naming why not. */
export function requireActive(code: CodeRow, field: string, packedOk: boolean): void {
  if (code.status === CodeStatus.voided) throw conflict(field, message("codes.voided", { code: code.code }));
  if (code.status === CodeStatus.generated) throw conflict(field, message("codes.notActivated", { code: code.code }));
  if (code.status === CodeStatus.packed && !packedOk)
    throw conflict(
      field,
      code.parent_code
        ? message("codes.alreadyPackedIn", { code: code.code, parent: code.parent_code })
        : message("codes.alreadyPacked", { code: code.code }),
    );
  if (!IN_USE.includes(code.status ?? ""))
    throw conflict(field, message("codes.notInPlant", { code: code.code, status: statusWord(code.status) }));
}

/** How many `child` codes one `parent` code holds, from the product's packaging hierarchy. */
export async function capacityOf(ctx: ChainContext, parent: CodeRow, child: CodeRow): Promise<number | undefined> {
  return (
    await ctx.store.get<{ ratio: number }>(
      `SELECT "ratio" AS ratio FROM "package_hierarchies" WHERE "product_id" = ? AND "level" = ? AND "child_level" = ? ORDER BY "id" LIMIT 1`,
      [parent.product_id, parent.code_type, child.code_type],
    )
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

/**
 * Checks and records one child into one parent, in one transaction (a savepoint inside the caller's)
 * that holds the two codes' rows. Throws, naming the field, when it cannot be.
 */
export async function pack(ctx: ChainContext, request: PackRequest): Promise<{ level: string }> {
  return await ctx.store.transaction(() => checkAndPack(ctx, request));
}

async function checkAndPack(ctx: ChainContext, request: PackRequest): Promise<{ level: string }> {
  if (request.parentCode === request.childCode)
    throw invalid("child_code", message("codes.mustDiffer", { other: "parent_code" }));
  // The child's status and the parent's fill are read, checked and written: hold both rows until
  // the pack is recorded, so a racing pack of the same child, or into the same parent, waits and
  // then sees this one.
  await lockCodes(ctx, [request.childCode, request.parentCode]);
  const child = await knownCode(ctx, request.childCode, "child_code");
  const parent = await knownCode(ctx, request.parentCode, "parent_code");
  requireActive(child, "child_code", false);
  requireActive(parent, "parent_code", true);
  for (let up: string | null = parent.parent_code, depth = 0; up !== null && depth < MAX_DEPTH; depth += 1) {
    if (up === child.code)
      throw invalid("child_code", message("codes.containsItself", { child: child.code, parent: parent.code }));
    up = (await findCode(ctx, up))?.parent_code ?? null;
  }
  if (request.level != null && request.level !== parent.code_type)
    throw invalid(
      "level",
      message("codes.levelMismatch", {
        code: parent.code,
        actual: levelWord("aLevelCode", parent.code_type),
        wanted: levelWord("aLevel", request.level),
      }),
    );
  const capacity = await capacityOf(ctx, parent, child);
  if (capacity === undefined)
    throw invalid(
      "child_code",
      message("codes.notInHierarchy", {
        child: levelWord("level", child.code_type),
        parent: levelWord("aLevel", parent.code_type),
        code: child.code,
        parentCode: parent.code,
      }),
    );
  if (await isClosedPackage(ctx, parent.code))
    throw conflict("parent_code", message("codes.packageClosed", { code: parent.code }));
  const held = (await childrenOf(ctx, parent.code)).length;
  if (held >= capacity)
    throw conflict("parent_code", message("codes.packageFull", { code: parent.code, held, capacity }));
  await recordEvent(
    ctx,
    {
      kind: "pack",
      codes: [child.code],
      parentCode: parent.code,
      workOrderId: request.workOrderId ?? child.work_order_id,
      lot: child.batch_no,
      operator: request.operator,
    },
    { status: CodeStatus.packed, parent_code: parent.code },
  );
  return { level: parent.code_type! };
}

/** Takes `codes` out of `parent` (an unpacking event); what they hold stays with them. */
export async function unpack(
  ctx: ChainContext,
  parent: string,
  codes: readonly string[],
  operator: string | null,
  reason?: string | null,
): Promise<void> {
  if (!codes.length) return;
  await recordEvent(
    ctx,
    { kind: "unpack", codes, parentCode: parent, reason: reason ?? null, operator },
    { status: CodeStatus.activated, parent_code: null },
  );
}

/** The master data a code was commissioned with: lot, production and expiry dates, and its work order's number. */
interface MasterData {
  readonly lot: string | null;
  readonly productionDate: string | null;
  readonly expiryDate: string | null;
  readonly orderNo: string | null;
}

/**
 * What `code` was commissioned with: the ilmd of its last commissioning (its activation, or the
 * replacement that put it on), else its work order's; so a label replacing a replacement keeps them too.
 */
async function masterDataOf(ctx: ChainContext, code: CodeRow): Promise<MasterData> {
  const commissioned = await ctx.store.get<{
    lot: string | null;
    production_date: string | null;
    expiry_date: string | null;
  }>(
    `SELECT e.lot AS lot, e.production_date AS production_date, e.expiry_date AS expiry_date
     FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id
     WHERE c.code = ? AND e.kind IN (${CODE_USE_KINDS.map(() => "?").join(", ")}) ORDER BY e.id DESC LIMIT 1`,
    [code.code, ...CODE_USE_KINDS],
  );
  const order =
    code.work_order_id === null
      ? undefined
      : await ctx.store.get<{
          order_no: string | null;
          batch_no: string | null;
          production_date: string | null;
          expiry_date: string | null;
        }>(
          `SELECT "order_no" AS order_no, "batch_no" AS batch_no, "production_date" AS production_date, "expiry_date" AS expiry_date
           FROM "production_orders" WHERE "id" = ?`,
          [code.work_order_id],
        );
  return {
    lot: commissioned?.lot ?? code.batch_no ?? order?.batch_no ?? null,
    productionDate: commissioned?.production_date ?? order?.production_date ?? null,
    expiryDate: commissioned?.expiry_date ?? order?.expiry_date ?? null,
    orderNo: order?.order_no ?? null,
  };
}

/**
 * 关联替换 / 补码: `newCode` takes `oldCode`'s place — its package, master data (lot, production and
 * expiry dates, work order), product and what it held — and `oldCode` is voided with the reason and
 * "replaced by". The new code must be unused (generated) and of the old one's level; one in use
 * cannot be a replacement.
 */
export async function replaceCode(
  ctx: ChainContext,
  oldCode: string,
  newCode: string,
  reason: string | null,
  operator: string | null,
): Promise<CodeRow> {
  if (newCode === oldCode) throw invalid("new_code", message("codes.mustDiffer", { other: "old_code" }));
  const old = await knownCode(ctx, oldCode, "old_code");
  const fresh = await knownCode(ctx, newCode, "new_code");
  if (!IN_USE.includes(old.status ?? ""))
    throw conflict(
      "old_code",
      old.status === CodeStatus.voided
        ? message("codes.replacedVoided", { code: old.code })
        : message("codes.replacedNotInUse", { code: old.code, status: statusWord(old.status, "noStatus") }),
    );
  if (fresh.status === CodeStatus.voided) throw conflict("new_code", message("codes.voided", { code: fresh.code }));
  if (fresh.status !== CodeStatus.generated)
    throw conflict(
      "new_code",
      message("codes.replacementInUse", { code: fresh.code, status: statusWord(fresh.status, "noStatus") }),
    );
  if (fresh.code_type !== old.code_type)
    throw invalid(
      "new_code",
      message("codes.replacementLevel", {
        code: fresh.code,
        level: levelWord("aLevelCode", fresh.code_type),
        old: old.code,
        oldLevel: levelWord("aLevelCode", old.code_type),
      }),
    );
  const held = (await childrenOf(ctx, old.code)).map((row) => row.code);
  const parent = old.parent_code;
  const master = await masterDataOf(ctx, old);
  // Old first: out of its package, its contents out of it, then voided.
  if (parent) await unpack(ctx, parent, [old.code], operator, reason);
  await unpack(ctx, old.code, held, operator, reason);
  await recordEvent(
    ctx,
    { kind: "void", codes: [old.code], relatedCode: fresh.code, reason, workOrderId: old.work_order_id, operator },
    { status: CodeStatus.voided, void_reason: reason, replaced_by: fresh.code },
  );
  await recordEvent(
    ctx,
    {
      kind: "replace",
      codes: [fresh.code],
      relatedCode: old.code,
      reason,
      workOrderId: old.work_order_id,
      lot: master.lot,
      productionDate: master.productionDate,
      expiryDate: master.expiryDate,
      bizTransactions: master.orderNo ? [{ type: "prodorder", value: master.orderNo }] : [],
      operator,
    },
    {
      status: CodeStatus.activated,
      work_order_id: old.work_order_id,
      batch_no: old.batch_no,
      product_id: old.product_id,
    },
  );
  if (parent)
    await recordEvent(
      ctx,
      { kind: "pack", codes: [fresh.code], parentCode: parent, workOrderId: old.work_order_id, operator },
      { status: CodeStatus.packed, parent_code: parent },
    );
  if (held.length)
    await recordEvent(
      ctx,
      { kind: "pack", codes: held, parentCode: fresh.code, workOrderId: old.work_order_id, operator },
      { status: CodeStatus.packed, parent_code: fresh.code },
    );
  return old;
}
