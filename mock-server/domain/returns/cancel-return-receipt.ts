// return_cancellations onCreate (退货收货撤销): a code received at a return station by mistake is
// taken back. The ledger is append-only, so its return event is declared in error (EPCIS 2.0 error
// declaration, CBV reason incorrect_data; ledger/error-declarations.ts) rather than undone by an
// invented business step. The rule: the code is returned, it came back on its own (not inside a
// returned package), and its last event is that return, naming it alone: a receipt of several codes
// at once (登记退货) is not taken back in part here; the code is freed through 退货解绑 instead.
// Effects, in the create's transaction: the declaration, through the ledger, which puts the code and
// everything the return moved to returned back to shipped as the transition table's retraction of a
// return has it (a dealer unpack before the receipt stays: it happened); the code leaves its returns
// row (codes, item quantity), and a row left with no code is deleted.
import { message } from "../../../schema/contract/messages";
import type { ChainContext } from "../chain-context";
import { conflict } from "../refusal";
import { knownCode } from "../codes/code-lookup";
import { eventWord } from "../codes/code-words";
import type { CreateHandler } from "../create-handler";
import { declarationOf, INCORRECT_DATA } from "../ledger/error-declarations";
import { CodeStatus } from "../ledger/event-vocabulary";
import { bizTransactionsOf, retractEvent, type StoredEvent } from "../ledger/ledger";
import { codeStatusWord } from "../logistics/logistics-words";
import { requireColumns } from "../packing/packaging-links";
import { contentsOf, itemsIn } from "../logistics/waybill-contents";
import { parseCodes } from "./returns";
import { quoteIdent } from "../../db/sql-names";

interface ReturnRow {
  readonly id: number;
  readonly codes: string;
  readonly quantity: number | null;
}

type NamingEvent = Pick<StoredEvent, "id" | "kind" | "code_count">;

/** The last event naming `code` (its own events, not those of a package it is inside). */
async function lastEventNaming(ctx: ChainContext, code: string): Promise<NamingEvent | undefined> {
  return await ctx.store.get<NamingEvent>(
    `SELECT e.id AS id, e.kind AS kind, e.code_count AS code_count FROM _ledger_events e
     WHERE e.id IN (SELECT event_id FROM _ledger_event_codes WHERE code = ?) ORDER BY e.id DESC LIMIT 1`,
    [code],
  );
}

export interface CancelledReceipt {
  readonly return_no: string | null;
  readonly quantity: number;
}

/** Takes back the receipt of returned `value`; the server-owned values of its log row. */
export async function cancelReturnReceipt(
  ctx: ChainContext,
  value: string,
  operator: string | null,
): Promise<CancelledReceipt> {
  const code = await knownCode(ctx, value, "code");
  if (code.status !== CodeStatus.returned)
    throw conflict(
      "code",
      message("logistics.returnCancel.notReturned", { code: code.code, status: codeStatusWord(code.status) }),
    );
  const parent = code.parent_code ? await knownCode(ctx, code.parent_code, "code") : undefined;
  if (parent?.status === CodeStatus.returned)
    throw conflict("code", message("logistics.returnCancel.insidePackage", { code: code.code, parent: parent.code }));
  const event = await lastEventNaming(ctx, code.code);
  if (!event || event.kind !== "return" || (await declarationOf(ctx, event.id)))
    throw conflict(
      "code",
      message("logistics.returnCancel.notLastReceipt", {
        code: code.code,
        event: event ? eventWord(event.kind) : "-",
      }),
    );
  const returnNo = (await bizTransactionsOf(ctx, event.id)).find((t) => t.type === "rma")?.value ?? null;
  if (event.code_count !== 1)
    throw conflict(
      "code",
      message("logistics.returnCancel.manyCodes", {
        code: code.code,
        count: event.code_count - 1,
        return_no: returnNo ?? "-",
      }),
    );
  // What the return moved to returned: the code and everything inside it (returns.ts receiveReturn).
  const contents = (await contentsOf(ctx, code.code)).filter((row) => row.status === CodeStatus.returned);
  await retractEvent(ctx, event, INCORRECT_DATA, operator, [
    { codes: contents.map((row) => row.code), state: { status: CodeStatus.shipped } },
  ]);
  const quantity = itemsIn(contents);
  if (returnNo) await leaveReturn(ctx, returnNo, code.code, quantity);
  return { return_no: returnNo, quantity };
}

/** The code leaves its returns row: its codes and item quantity; a row with no code left is deleted. */
async function leaveReturn(ctx: ChainContext, returnNo: string, code: string, quantity: number): Promise<void> {
  const info = ctx.catalog.info("returns");
  const row = await ctx.store.get<ReturnRow>(
    `SELECT "id" AS id, "codes" AS codes, "quantity" AS quantity FROM ${quoteIdent(info.table)} WHERE "return_no" = ?`,
    [returnNo],
  );
  if (!row) return;
  const codes = parseCodes(row.codes).filter((one) => one !== code);
  if (!codes.length) {
    await ctx.records.remove(info, row.id);
    return;
  }
  await ctx.records.update(info, row.id, {
    codes: codes.join("\n"),
    quantity: Math.max(0, (row.quantity ?? 0) - quantity),
  });
}

export const cancelReturnReceiptHandler: CreateHandler = {
  check: (ctx, info) => {
    requireColumns(
      ctx,
      `${info.resource.name}.onCreate cancel-return-receipt`,
      ["code", "return_no", "quantity", "reason"],
      info.resource.name,
    );
  },
  run: async ({ ctx, input, actor }) => ({ ...(await cancelReturnReceipt(ctx, input.code as string, actor.account)) }),
};
