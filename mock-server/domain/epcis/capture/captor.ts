// Who captures: the signed-in account, and the dealer it acts for (employees.dealer_id), whatever
// its account_type: a staff account given a dealer is held to that dealer as a dealer account is,
// so a dealer_id set on an account never widens to the brand's view. A partner reports only on
// codes shipped to its own dealer; an account with no dealer holding the capture permission is the
// brand's staff and reports for the brand. A dealer account (account_type dealer) that acts for no
// dealer captures nothing: a SecurityException before any job.
// A partner client (docs/decisions/0024) is a caller whose id is its client's negated: it captures
// while it holds a live key, is enabled and may capture, for its dealer if it is a dealer's client.
import { message } from "../../../../schema/contract/messages";
import type { ChainContext } from "../../chain-context";
import { dealerById, type Dealer } from "../../logistics/dealers";
import { EpcisProblem } from "../epcis-problem";
import { keyedClient } from "../../partners/partner-clients";

export const DEALER_ACCOUNT = "dealer";

export interface Captor {
  readonly accountId: number;
  /** The account's name: the ledger's operator of every event it captures. */
  readonly account: string;
  /** The dealer a partner (or an account given a dealer_id) acts for; absent for the brand's staff. */
  readonly dealer?: Dealer;
}

/** Whom a signed-in account acts for: its dealer_id; none (undefined) for the brand's staff, null for a dealer account given no dealer. */
export async function accountActingFor(
  ctx: ChainContext,
  accountId: number,
): Promise<{ account: string; dealerId?: number | null }> {
  const row = await ctx.store.get<{ account: string; type: string | null; dealer_id: number | null }>(
    `SELECT "account_name" AS account, "account_type" AS type, "dealer_id" AS dealer_id FROM "employees" WHERE "id" = ?`,
    [accountId],
  );
  const account = row?.account ?? String(accountId);
  const dealerId = row?.dealer_id === null || row?.dealer_id === undefined ? null : Number(row.dealer_id);
  if (dealerId === null && row?.type !== DEALER_ACCOUNT) return { account };
  return { account, dealerId };
}

export async function captorOf(ctx: ChainContext, accountId: number): Promise<Captor> {
  if (accountId < 0) return await clientCaptor(ctx, accountId);
  const { account, dealerId } = await accountActingFor(ctx, accountId);
  if (dealerId === undefined) return { accountId, account };
  const dealer = await dealerById(ctx, dealerId);
  if (!dealer) throw new EpcisProblem("SecurityException", message("epcisCapture.dealerWithoutDealer", { account }));
  return { accountId, account, dealer: { ...dealer, id: Number(dealer.id) } };
}

/** A partner client's captor, read from its row; a SecurityException if it may not capture now. */
async function clientCaptor(ctx: ChainContext, callerId: number): Promise<Captor> {
  const row = await keyedClient(ctx, -callerId);
  const account = row?.name ?? String(callerId);
  if (!row || row.status !== "enabled" || Number(row.may_capture) !== 1)
    throw new EpcisProblem("SecurityException", message("epcisCapture.clientMayNotCapture", { account }));
  if (row.dealer_id === null) return { accountId: callerId, account };
  const dealer = await dealerById(ctx, Number(row.dealer_id));
  if (!dealer) throw new EpcisProblem("SecurityException", message("epcisCapture.dealerWithoutDealer", { account }));
  return { accountId: callerId, account, dealer: { ...dealer, id: Number(dealer.id) } };
}
