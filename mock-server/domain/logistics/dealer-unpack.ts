// Unpacking at the dealer. A package shipped to a dealer is opened there: a case broken to sell its
// boxes one by one, or a box taken out of its case to come back as a return. Either is one
// unpacking event (AggregationEvent DELETE) at the dealer's location (bizLocation the dealer's code)
// with the waybill's bol; the codes taken out stay shipped to the same dealer on the same waybill,
// now loose, so the dealer's market stock is unchanged and each can be returned on its own. A code
// still in stock is unpacked through 关联解除 (packaging unlinks) instead.
import { message } from "../../../schema/contract/messages";
import type { ChainContext } from "../chain-context";
import { conflict } from "../refusal";
import type { CodeRow } from "../codes/code-lookup";
import { attributionIds, dealerById, type Dealer } from "./dealers";
import { CodeStatus } from "../ledger/event-vocabulary";
import { recordEvent } from "../ledger/ledger";
import type { BizTransaction } from "../ledger/ledger-event";
import { codeStatusWord } from "./logistics-words";
import { dropLinks } from "../packing/packaging-links";
import { waybillById } from "./waybill-contents";

/** The dealer `code` is with now; 409 naming why it is with none (returned, in stock, never shipped). */
export async function dealerHolding(ctx: ChainContext, code: CodeRow, field: string): Promise<Dealer> {
  const status = codeStatusWord(code.status);
  if (code.status === CodeStatus.returned)
    throw conflict(field, message("logistics.dealerUnpack.returned", { code: code.code }));
  if (code.status === CodeStatus.activated || code.status === CodeStatus.packed)
    throw conflict(field, message("logistics.dealerUnpack.inStock", { code: code.code, status }));
  const dealer =
    code.status === CodeStatus.shipped
      ? await dealerById(ctx, (await attributionIds(ctx, code.code)).dealerId)
      : undefined;
  if (!dealer) throw conflict(field, message("logistics.dealerUnpack.notShipped", { code: code.code, status }));
  return dealer;
}

export interface DealerUnpack {
  /** The package the codes come out of. */
  readonly parent: string;
  readonly codes: readonly string[];
  readonly dealer: Dealer;
  readonly reason: string | null;
  readonly operator: string | null;
  /** The return (RMA) the unpacking is made for, when a return takes a code out of its package. */
  readonly returnNo?: string;
  /** When it happened, if not now (a partner's captured unpacking). */
  readonly eventTime?: string;
}

/** Takes `codes` out of `parent` at the dealer: one unpacking event there (its ledger id); the codes stay shipped. */
export async function unpackAtDealer(ctx: ChainContext, unpack: DealerUnpack): Promise<number | undefined> {
  if (!unpack.codes.length) return undefined;
  const waybillIds = new Set<number | null>();
  for (const code of unpack.codes) waybillIds.add((await attributionIds(ctx, code)).waybillId);
  const bizTransactions: BizTransaction[] = [];
  for (const id of waybillIds) {
    const waybill = id === null ? undefined : await waybillById(ctx, id);
    if (waybill) bizTransactions.push({ type: "bol", value: waybill.waybill_no });
  }
  if (unpack.returnNo) bizTransactions.push({ type: "rma", value: unpack.returnNo });
  const id = await recordEvent(
    ctx,
    {
      kind: "unpack",
      codes: unpack.codes,
      parentCode: unpack.parent,
      reason: unpack.reason,
      bizLocation: unpack.dealer.dealer_code,
      bizTransactions,
      operator: unpack.operator,
      ...(unpack.eventTime ? { eventTime: unpack.eventTime } : {}),
    },
    { parent_code: null },
  );
  await dropLinks(ctx, unpack.codes);
  return id;
}
