// Shipping (发货) on the ledger. A draft waybill names codes of any packaging level; each is
// checked to be shippable when added and again when the waybill ships. Shipping is one ledger
// event naming the waybill's own codes (a pallet: its SSCC), with bizTransaction bol = the
// waybill number and the dealer as destination owning party; in the same transaction every code
// they contain, down to the items, is attributed to the waybill, the dealer and the time (status
// shipped). Undoing a shipment (reduction, exchange, unbinding) is a void_shipping event with the
// original bol that gives every contained code back to stock, packaging intact.
import type { ChainContext } from "../chain-context";
import { conflict, invalid } from "../refusal";
import { message, type Message } from "../../../schema/contract/messages";
import { knownCode, type CodeRow } from "../codes/code-lookup";
import { CodeStatus } from "../ledger/event-vocabulary";
import { recordContainedEvent } from "../ledger/ledger";
import type { Party } from "../ledger/ledger-event";
import { fromStatesInto } from "../ledger/transition-table";
import { codeStatusWord, levelWord, waybillStatusWord, waybillWord } from "./logistics-words";
import {
  contentsOf,
  draftHolding,
  isOut,
  itemsIn,
  namesCode,
  waybillById,
  WaybillStatus,
  type ContainedCode,
  type Waybill,
} from "./waybill-contents";

/** The states a code ships from: the transition table's, so the rule and the ledger agree. */
const SHIPPABLE: readonly string[] = fromStatesInto("ship", CodeStatus.shipped);

/** The waybill row, or 400 naming `field`. */
export async function knownWaybill(ctx: ChainContext, id: number, field: string): Promise<Waybill> {
  const waybill = await waybillById(ctx, id);
  if (!waybill) throw invalid(field, message("common.rule.refMissing", { resource: "waybills", id }));
  return waybill;
}

/** The code's nearest package (itself first) that `waybill`'s rows name, for "inside P, which is on W". */
async function packageOn(
  ctx: ChainContext,
  code: CodeRow | ContainedCode,
  waybillId: number,
): Promise<string | undefined> {
  let current: string | null = code.code;
  for (let depth = 0; current !== null && depth < 16; depth += 1) {
    if (await namesCode(ctx, waybillId, current)) return current;
    current =
      (
        await ctx.store.get<{ parent: string | null }>(
          `SELECT "parent_code" AS parent FROM "trace_codes" WHERE "code" = ?`,
          [current],
        )
      )?.parent ?? null;
  }
  return undefined;
}

/** Why `code` is on a waybill already ("X is already on waybill W" / "X is inside P, which is already on waybill W"). */
function alreadyOn(code: string, holder: string, waybill: Waybill): Message {
  const on = waybillWord(waybill.waybill_no);
  return holder === code
    ? message("logistics.alreadyOn", { code, waybill: on })
    : message("logistics.insideAlreadyOn", { code, holder, waybill: on });
}

/** The draft waybill holding `code` or one of its packages, and which of them. */
async function draftOfCodeOrPackage(
  ctx: ChainContext,
  code: string,
  ignoreWaybillId: number | null,
): Promise<{ holder: string; waybill: Waybill } | undefined> {
  let current: string | null = code;
  for (let depth = 0; current !== null && depth < 16; depth += 1) {
    const waybill = await draftHolding(ctx, current);
    if (waybill && waybill.id !== ignoreWaybillId) return { holder: current, waybill };
    current =
      (
        await ctx.store.get<{ parent: string | null }>(
          `SELECT "parent_code" AS parent FROM "trace_codes" WHERE "code" = ?`,
          [current],
        )
      )?.parent ?? null;
  }
  return undefined;
}

/**
 * 409/400 naming why `codeValue` cannot go onto a waybill as one of its own codes; otherwise the
 * code and its contents. `ownWaybillId`: the waybill it is checked for, whose own rows do not count
 * against it (when the waybill ships, its codes are checked again).
 */
export async function shippableCode(
  ctx: ChainContext,
  codeValue: string,
  field: string,
  ownWaybillId: number | null,
): Promise<{ code: CodeRow; contents: ContainedCode[] }> {
  const code = await knownCode(ctx, codeValue, field);
  if (code.status === CodeStatus.voided) throw conflict(field, message("logistics.voided", { code: code.code }));
  if (code.status === CodeStatus.generated)
    throw conflict(field, message("logistics.notActivated", { code: code.code }));
  if (code.status === CodeStatus.returned)
    throw conflict(field, message("logistics.returnedNotFreed", { code: code.code }));
  if (code.status === CodeStatus.shipped) {
    const waybillId =
      (
        await ctx.store.get<{ id: number | null }>(`SELECT "waybill_id" AS id FROM "trace_codes" WHERE "code" = ?`, [
          code.code,
        ])
      )?.id ?? null;
    const waybill = waybillId === null ? undefined : await waybillById(ctx, waybillId);
    if (!waybill) throw conflict(field, message("logistics.alreadyShipped", { code: code.code }));
    throw conflict(field, alreadyOn(code.code, (await packageOn(ctx, code, waybill.id)) ?? code.code, waybill));
  }
  const draft = await draftOfCodeOrPackage(ctx, code.code, ownWaybillId);
  if (draft) throw conflict(field, alreadyOn(code.code, draft.holder, draft.waybill));
  if (!SHIPPABLE.includes(code.status ?? ""))
    throw conflict(field, message("logistics.notInStock", { code: code.code, status: codeStatusWord(code.status) }));
  if (code.parent_code) {
    const parentType =
      (
        await ctx.store.get<{ type: string | null }>(`SELECT "code_type" AS type FROM "trace_codes" WHERE "code" = ?`, [
          code.parent_code,
        ])
      )?.type ?? null;
    const level = levelWord(parentType);
    throw conflict(field, message("logistics.packedIn", { code: code.code, level, parent: code.parent_code }));
  }
  const contents = await contentsOf(ctx, code.code);
  if (code.code_type !== "item" && itemsIn(contents) === 0)
    throw conflict(field, message("logistics.emptyPackage", { code: code.code, level: levelWord(code.code_type) }));
  for (const inner of contents.slice(1)) {
    const held = await draftHolding(ctx, inner.code);
    if (held)
      throw conflict(
        field,
        message("logistics.holdsAlreadyOn", {
          code: code.code,
          inner: inner.code,
          waybill: waybillWord(held.waybill_no),
        }),
      );
    if (!SHIPPABLE.includes(inner.status ?? ""))
      throw conflict(
        field,
        message("logistics.holdsNotInStock", {
          code: code.code,
          inner: inner.code,
          status: codeStatusWord(inner.status),
        }),
      );
  }
  return { code, contents };
}

/** A draft waybill, or 409 naming its status. */
export function requireDraft(waybill: Waybill, field: string): void {
  if (waybill.status !== WaybillStatus.draft)
    throw conflict(
      field,
      message("logistics.waybillNotDraft", {
        waybill_no: waybill.waybill_no,
        status: waybillStatusWord(waybill.status),
      }),
    );
}

async function dealerCode(ctx: ChainContext, dealerId: number): Promise<string> {
  const dealer = await ctx.store.get<{ code: string }>(`SELECT "dealer_code" AS code FROM "dealers" WHERE "id" = ?`, [
    dealerId,
  ]);
  return dealer?.code ?? String(dealerId);
}

async function warehouseCode(ctx: ChainContext, warehouseId: number | null): Promise<string | null> {
  if (warehouseId === null) return null;
  const warehouse = await ctx.store.get<{ code: string }>(
    `SELECT "warehouse_code" AS code FROM "warehouses" WHERE "id" = ?`,
    [warehouseId],
  );
  return warehouse?.code ?? null;
}

async function shippingParties(ctx: ChainContext, waybill: Waybill): Promise<Party[]> {
  const parties: Party[] = [
    { direction: "destination", type: "owning_party", value: await dealerCode(ctx, waybill.dealer_id) },
  ];
  const from = await warehouseCode(ctx, waybill.warehouse_id);
  if (from) parties.push({ direction: "source", type: "location", value: from });
  return parties;
}

/** Ships `codes` (the waybill's own codes, each checked) on `waybill`: one ship event, every contained code attributed. */
export async function shipCodes(
  ctx: ChainContext,
  waybill: Waybill,
  codes: readonly string[],
  operator: string | null,
): Promise<void> {
  if (!codes.length) return;
  const contained: string[] = [];
  for (const code of codes) for (const row of await contentsOf(ctx, code)) contained.push(row.code);
  await recordContainedEvent(
    ctx,
    {
      kind: "ship",
      codes,
      bizTransactions: [{ type: "bol", value: waybill.waybill_no }],
      parties: await shippingParties(ctx, waybill),
      bizLocation: await warehouseCode(ctx, waybill.warehouse_id),
      operator,
    },
    [
      {
        codes: contained,
        state: {
          status: CodeStatus.shipped,
          waybill_id: waybill.id,
          dealer_id: waybill.dealer_id,
          shipped_at: ctx.records.now(),
        },
      },
    ],
  );
}

/**
 * Undoes the shipment of `codes` (own codes of the out waybill `waybill`): a void_shipping event
 * with the original bol; every contained code still shipped on it goes back to stock, packed
 * where it has a package, with no waybill or dealer.
 */
export async function voidShipping(
  ctx: ChainContext,
  waybill: Waybill,
  codes: readonly string[],
  reason: string | null,
  operator: string | null,
): Promise<void> {
  if (!isOut(waybill) || !codes.length) return;
  const contained: ContainedCode[] = [];
  for (const code of codes)
    for (const row of await contentsOf(ctx, code))
      if (row.status === CodeStatus.shipped && row.waybill_id === waybill.id) contained.push(row);
  if (!contained.length) return;
  const cleared = { waybill_id: null, dealer_id: null, shipped_at: null };
  await recordContainedEvent(
    ctx,
    {
      kind: "void_shipping",
      codes: contained.filter((row) => codes.includes(row.code)).map((row) => row.code),
      reason,
      bizTransactions: [{ type: "bol", value: waybill.waybill_no }],
      bizLocation: await warehouseCode(ctx, waybill.warehouse_id),
      operator,
    },
    [
      {
        codes: contained.filter((row) => !row.parent_code).map((row) => row.code),
        state: { status: CodeStatus.activated, ...cleared },
      },
      {
        codes: contained.filter((row) => row.parent_code).map((row) => row.code),
        state: { status: CodeStatus.packed, ...cleared },
      },
    ],
  );
}

/**
 * The live waybill (a draft, or shipped) that names `codeValue` itself, for a change to it; 409
 * naming why there is none: not on a waybill, or inside a package that is (change the package).
 */
export async function waybillNaming(
  ctx: ChainContext,
  codeValue: string,
  field: string,
): Promise<{ code: CodeRow; waybill: Waybill }> {
  const code = await knownCode(ctx, codeValue, field);
  const draft = await draftOfCodeOrPackage(ctx, code.code, null);
  const shippedOn =
    (
      await ctx.store.get<{ id: number | null }>(
        `SELECT "waybill_id" AS id FROM "trace_codes" WHERE "code" = ? AND "status" = ?`,
        [code.code, CodeStatus.shipped],
      )
    )?.id ?? null;
  const waybill = draft?.waybill ?? (shippedOn === null ? undefined : await waybillById(ctx, shippedOn));
  if (!waybill) throw conflict(field, message("logistics.notOnLiveWaybill", { code: code.code }));
  const holder = await packageOn(ctx, code, waybill.id);
  // Shipped on the waybill, in no package it names: taken out of one at the dealer, so it is the dealer's to return.
  if (holder === undefined && code.status === CodeStatus.shipped)
    throw conflict(field, message("logistics.unpackedAtDealer", { code: code.code, waybill_no: waybill.waybill_no }));
  if (holder === undefined)
    throw conflict(
      field,
      message("logistics.insideUnknownPackageOn", { code: code.code, waybill_no: waybill.waybill_no }),
    );
  if (holder !== code.code)
    throw conflict(
      field,
      message("logistics.insidePackageOn", { code: code.code, holder, waybill_no: waybill.waybill_no }),
    );
  return { code, waybill };
}
