// The partner_clients resource as the rules read it (schema/resources/partner_clients.yaml): who a
// client is, whether it is enabled, and which of the EPCIS interface's permissions it holds.
import type { ChainContext } from "../chain-context";
import type { ResourceInfo } from "../../resources/catalog";
import { quoteIdent } from "../../db/sql-names";
import { PARTNER_KEYS } from "./partner-keys-table";

export const PARTNER_CLIENTS = "partner_clients";
export const DEALER_KIND = "dealer";

/** The permission (a menu key of the manifest) each flag of a client grants. */
export const CLIENT_PERMISSIONS = {
  may_query: "epcisquery",
  may_capture: "epciscapture",
  may_subscribe: "epcissubscribe",
} as const;

export const partnerClientsInfo = (ctx: Pick<ChainContext, "catalog">): ResourceInfo | undefined =>
  ctx.catalog.find(PARTNER_CLIENTS);

/** A client as read by its id, with the flags that decide what it may do now. */
export interface KeyedClient {
  readonly name: string;
  readonly status: string;
  readonly dealer_id: number | null;
  readonly may_capture: number;
  readonly may_subscribe: number;
}

/** Client `clientId` if it holds a live key; undefined when it has none (revoked or deleted). */
export async function keyedClient(ctx: ChainContext, clientId: number): Promise<KeyedClient | undefined> {
  const info = partnerClientsInfo(ctx);
  if (!info) return undefined;
  return await ctx.store.get<KeyedClient>(
    `SELECT c."client_name" AS name, c."status" AS status, c."dealer_id" AS dealer_id,
       c."may_capture" AS may_capture, c."may_subscribe" AS may_subscribe
     FROM ${PARTNER_KEYS} k JOIN ${quoteIdent(info.table)} c ON c."id" = k.client_id WHERE k.client_id = ?`,
    [clientId],
  );
}
