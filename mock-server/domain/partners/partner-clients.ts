// The partner_clients resource as the rules read it (schema/resources/partner_clients.yaml): who a
// client is, whether it is enabled, and which of the EPCIS interface's permissions it holds.
import type { ChainContext } from "../chain-context";
import type { ResourceInfo } from "../../resources/catalog";

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
