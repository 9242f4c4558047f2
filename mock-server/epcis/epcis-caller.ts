// Who calls the EPCIS interface, in the domain's words: a staff or dealer account's session, or a
// partner client's API key (auth/partner-keys.ts). Either way the caller is a Captor (the ledger's
// operator of what it captures, and the dealer it acts for, if any), and a dealer's caller queries
// within the dealer's scope (domain/epcis/dealer-scope.ts).
import type { FastifyRequest } from "fastify";
import { message } from "../../schema/contract/messages";
import { authOf } from "../auth/access";
import type { AppContext } from "../context";
import { captorOf, type Captor } from "../domain/epcis/capture/captor";
import type { QueryScope } from "../domain/epcis/dealer-scope";
import { EpcisProblem } from "../domain/epcis/epcis-problem";
import { dealerById } from "../domain/logistics/dealers";

export async function captorOfRequest(ctx: AppContext, request: FastifyRequest): Promise<Captor> {
  const { accountId, client } = authOf(request);
  if (!client) return await captorOf(ctx, accountId);
  if (client.dealerId === null) return { accountId, account: client.name };
  const dealer = await dealerById(ctx, client.dealerId);
  if (!dealer)
    throw new EpcisProblem("SecurityException", message("epcisCapture.dealerWithoutDealer", { account: client.name }));
  return { accountId, account: client.name, dealer: { ...dealer, id: Number(dealer.id) } };
}

/** The events the caller sees: a dealer's caller, its dealer's; anyone else, all. */
export async function scopeOfRequest(ctx: AppContext, request: FastifyRequest): Promise<QueryScope> {
  const { dealer } = await captorOfRequest(ctx, request);
  return dealer ? { dealer } : {};
}
