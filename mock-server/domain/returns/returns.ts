// Returns (退货) on the ledger. A dealer returns codes of any packaging level that were shipped to
// it; the receipt at a warehouse is one ledger event (receiving → returned, bizTransaction rma and
// the original bol, the dealer as source owning party) naming the returned codes, and everything
// inside them becomes returned: no longer attributed to the dealer. A code returned out of a
// package that stays with the dealer (a box of a shipped case, an item of a shipped box) is first
// unpacked from it at the dealer (dealer-unpack.ts), in the same transaction. 退货解绑 re-inspects a
// returned code and frees it (an inspecting event): back in stock with its packaging, free of its
// former waybill and dealer, so it can ship again, to any dealer.
import type { ChainContext } from "../chain-context";
import { conflict, invalid } from "../refusal";
import { message } from "../../../schema/contract/messages";
import { knownCode, lockCodesAndPackages, type CodeRow } from "../codes/code-lookup";
import { unpackAtDealer } from "../logistics/dealer-unpack";
import { attributionIds, dealerById, dealerNamed } from "../logistics/dealers";
import { CodeStatus } from "../ledger/event-vocabulary";
import { recordContainedEvent } from "../ledger/ledger";
import type { BizTransaction, Party } from "../ledger/ledger-event";
import { codeStatusWord } from "../logistics/logistics-words";
import { contentsOf, itemsIn, waybillById, type ContainedCode } from "../logistics/waybill-contents";

const attributedDealer = async (ctx: ChainContext, code: string): Promise<number | null> =>
  (await attributionIds(ctx, code)).dealerId;
const waybillOfCode = async (ctx: ChainContext, code: string): Promise<number | null> =>
  (await attributionIds(ctx, code)).waybillId;

/** The codes a return names: split on spaces, commas, semicolons and new lines; each once. */
export function parseCodes(text: string): string[] {
  return [...new Set(text.split(/[\s,，;；]+/).filter(Boolean))];
}

export interface ReturnReceipt {
  readonly returnNo: string;
  readonly dealerId: number;
  readonly warehouseId: number;
  readonly codes: readonly string[];
  readonly reason: string | null;
  readonly operator: string | null;
}

/** 409/400 naming why `code` cannot be returned by `dealerId`. */
async function returnable(ctx: ChainContext, value: string, dealerId: number): Promise<CodeRow> {
  const code = await knownCode(ctx, value, "codes");
  if (code.status === CodeStatus.returned)
    throw conflict("codes", message("logistics.return.alreadyReturned", { code: code.code }));
  if (code.status !== CodeStatus.shipped)
    throw conflict(
      "codes",
      message("logistics.return.neverShipped", { code: code.code, status: codeStatusWord(code.status) }),
    );
  const shippedTo = await attributedDealer(ctx, code.code);
  if (shippedTo !== dealerId)
    throw conflict(
      "codes",
      message("logistics.return.wrongDealer", {
        code: code.code,
        shippedTo: dealerNamed(await dealerById(ctx, shippedTo), shippedTo),
        dealer: dealerNamed(await dealerById(ctx, dealerId), dealerId),
      }),
    );
  return code;
}

/** Receives a return; the server-owned values of its row (waybill, item units). */
export async function receiveReturn(
  ctx: ChainContext,
  receipt: ReturnReceipt,
): Promise<{ waybill_id: number | null; quantity: number }> {
  if (!receipt.codes.length) throw invalid("codes", message("logistics.return.noCodes"));
  // The codes' shipments are read, checked and ended: held (with the packages around them) until
  // the return is stored, so a racing return or reduction of the same goods waits and then sees it.
  await lockCodesAndPackages(ctx, receipt.codes);
  const dealer = await dealerById(ctx, receipt.dealerId);
  if (!dealer)
    throw invalid("dealer_id", message("common.rule.refMissing", { resource: "dealers", id: receipt.dealerId }));
  const rows: CodeRow[] = [];
  for (const code of receipt.codes) rows.push(await returnable(ctx, code, receipt.dealerId));
  const contents = new Map<string, ContainedCode>();
  for (const row of rows) for (const inner of await contentsOf(ctx, row.code)) contents.set(inner.code, inner);
  // A code inside another returned code comes back with it; the event names the outermost ones.
  const own = rows.filter((row) => !row.parent_code || !contents.has(row.parent_code));
  // A code whose package stays with the dealer leaves that package there first, one event per package.
  const keptPackages = new Map<string, string[]>();
  for (const row of own)
    if (row.parent_code) keptPackages.set(row.parent_code, [...(keptPackages.get(row.parent_code) ?? []), row.code]);
  for (const [parent, codes] of keptPackages)
    await unpackAtDealer(ctx, {
      parent,
      codes,
      dealer,
      reason: receipt.reason,
      operator: receipt.operator,
      returnNo: receipt.returnNo,
    });
  const waybillIds = new Set<number>();
  for (const row of own) {
    const id = await waybillOfCode(ctx, row.code);
    if (id !== null) waybillIds.add(id);
  }
  const bizTransactions: BizTransaction[] = [{ type: "rma", value: receipt.returnNo }];
  for (const id of waybillIds)
    bizTransactions.push({ type: "bol", value: (await waybillById(ctx, id))?.waybill_no ?? String(id) });
  const warehouse =
    (
      await ctx.store.get<{ code: string }>(`SELECT "warehouse_code" AS code FROM "warehouses" WHERE "id" = ?`, [
        receipt.warehouseId,
      ])
    )?.code ?? null;
  const parties: Party[] = [{ direction: "source", type: "owning_party", value: dealer.dealer_code }];
  if (warehouse) parties.push({ direction: "destination", type: "location", value: warehouse });
  await recordContainedEvent(
    ctx,
    {
      kind: "return",
      codes: own.map((row) => row.code),
      reason: receipt.reason,
      bizTransactions,
      parties,
      bizLocation: warehouse,
      operator: receipt.operator,
    },
    [{ codes: [...contents.keys()], state: { status: CodeStatus.returned } }],
  );
  return { waybill_id: [...waybillIds][0] ?? null, quantity: itemsIn([...contents.values()]) };
}

/** 退货解绑: frees a returned code and everything inside it; the server-owned values of its log row. */
export async function freeReturnedCode(
  ctx: ChainContext,
  value: string,
  reason: string | null,
  operator: string | null,
): Promise<{ return_id: number | null; waybill_id: number | null }> {
  const code = await knownCode(ctx, value, "code");
  if (code.status !== CodeStatus.returned)
    throw conflict(
      "code",
      message("logistics.return.notReturned", { code: code.code, status: codeStatusWord(code.status) }),
    );
  const parent = code.parent_code ? await knownCode(ctx, code.parent_code, "code") : undefined;
  if (parent?.status === CodeStatus.returned)
    throw conflict("code", message("logistics.return.insideReturnedPackage", { code: code.code, parent: parent.code }));
  const contents = (await contentsOf(ctx, code.code)).filter((row) => row.status === CodeStatus.returned);
  const waybillId = await waybillOfCode(ctx, code.code);
  const rma = (
    await ctx.store.get<{ value: string }>(
      `SELECT b."value" AS value FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id JOIN _ledger_biz_transactions b ON b.event_id = e.id AND b."type" = 'rma'
     WHERE e."kind" = 'return' AND c."code" = ? ORDER BY e."id" DESC LIMIT 1`,
      [code.code],
    )
  )?.value;
  const cleared = { waybill_id: null, dealer_id: null, shipped_at: null };
  await recordContainedEvent(
    ctx,
    {
      kind: "restock",
      codes: [code.code],
      reason,
      bizTransactions: rma ? [{ type: "rma", value: rma }] : [],
      operator,
    },
    [
      {
        codes: contents.filter((row) => !row.parent_code).map((row) => row.code),
        state: { status: CodeStatus.activated, ...cleared },
      },
      {
        codes: contents.filter((row) => row.parent_code).map((row) => row.code),
        state: { status: CodeStatus.packed, ...cleared },
      },
    ],
  );
  const returnId = rma
    ? ((await ctx.store.get<{ id: number }>(`SELECT "id" AS id FROM "returns" WHERE "return_no" = ?`, [rma]))?.id ??
      null)
    : null;
  return { return_id: returnId, waybill_id: waybillId };
}
