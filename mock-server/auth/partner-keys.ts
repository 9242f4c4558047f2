// A partner system's call (docs/decisions/0024): `Authorization: Bearer <API key>` on the routes
// that take keys (the EPCIS interface). The key's SHA-256 names one live partner client; its
// permission flags become Grants, which the one permission check (check-permission.ts) reads as
// it reads a person's. Nothing of a key is kept in memory: each call reads the key's row and the
// client's, so a key replaced, revoked or a client disabled in any process is refused by the next
// call on every process, with no change to hear first. A refusal is 401 (the key is not one).
import { message } from "../../schema/contract/messages";
import type { ChainContext } from "../domain/chain-context";
import { quoteIdent } from "../db/sql-names";
import { keyDigest, looksLikeKey } from "../domain/partners/partner-key";
import { PARTNER_KEYS } from "../domain/partners/partner-keys-table";
import { CLIENT_PERMISSIONS, keyedClient, partnerClientsInfo } from "../domain/partners/partner-clients";
import { keyRefused } from "../refusals";
import type { Grants } from "./check-permission";

/** last_used_at is written at most this often, so a busy client does not write on every call. */
const USED_GRANULARITY_MS = 60_000;

export interface PartnerClient {
  readonly id: number;
  readonly name: string;
  readonly kind: string;
  /** The dealer a dealer's client acts for. */
  readonly dealerId: number | null;
}

/**
 * The caller id a client's calls carry where an account's id goes (the owner of a named query, a
 * subscription, a capture job): the client's id negated, so it never meets an account's.
 */
export const principalOf = (clientId: number): number => -clientId;

interface ClientRow {
  id: number;
  client_name: string;
  kind: string;
  dealer_id: number | null;
  status: string;
  last_used_at: string | null;
  may_query: number;
  may_capture: number;
  may_subscribe: number;
}

const BEARER = /^Bearer +(\S+)$/i;

/** The client an Authorization header's key names, and what it may do; throws 401 otherwise. */
export async function resolvePartnerKey(
  ctx: ChainContext,
  authorization: string,
): Promise<{ client: PartnerClient; grants: Grants }> {
  const key = BEARER.exec(authorization)?.[1];
  if (key === undefined) throw keyRefused(message("epcisPartners.badAuthorization"));
  const info = partnerClientsInfo(ctx);
  if (!looksLikeKey(key) || !info) throw keyRefused(message("epcisPartners.unknownKey"));
  const flags = Object.keys(CLIENT_PERMISSIONS)
    .map((flag) => `c.${quoteIdent(flag)} AS ${flag}`)
    .join(", ");
  const row = await ctx.store.get<ClientRow>(
    `SELECT c."id" AS id, c."client_name" AS client_name, c."kind" AS kind, c."dealer_id" AS dealer_id,
       c."status" AS status, c."last_used_at" AS last_used_at, ${flags}
     FROM ${PARTNER_KEYS} k JOIN ${quoteIdent(info.table)} c ON c."id" = k.client_id WHERE k.key_hash = ?`,
    [keyDigest(key)],
  );
  if (!row) throw keyRefused(message("epcisPartners.unknownKey"));
  if (row.status !== "enabled") throw keyRefused(message("epcisPartners.clientDisabled", { client: row.client_name }));
  const id = Number(row.id);
  const now = ctx.clock();
  if (row.last_used_at === null || now - Date.parse(row.last_used_at) >= USED_GRANULARITY_MS)
    await ctx.store.rowWrite(info.table, id, async () => {
      await ctx.store.run(`UPDATE ${quoteIdent(info.table)} SET "last_used_at" = ? WHERE "id" = ?`, [
        ctx.records.now(),
        id,
      ]);
      return id;
    });
  const menus = new Set<string>();
  for (const [flag, permission] of Object.entries(CLIENT_PERMISSIONS))
    if (Number(row[flag as keyof typeof CLIENT_PERMISSIONS]) === 1) menus.add(permission);
  return {
    client: {
      id,
      name: row.client_name,
      kind: row.kind,
      dealerId: row.dealer_id === null ? null : Number(row.dealer_id),
    },
    grants: { accountId: principalOf(id), admin: false, menus, buttons: new Set() },
  };
}

/**
 * Why a subscription's owner may no longer receive its events, if it may not: a partner client
 * (a negative caller id) without a live key, disabled, or without epcissubscribe. Read at each
 * delivery, so a revocation stops the pushes as it stops the calls. An account's subscriptions
 * are not judged here.
 */
export async function subscriberRefused(ctx: ChainContext, callerId: number): Promise<string | undefined> {
  if (callerId >= 0) return undefined;
  const row = await keyedClient(ctx, -callerId);
  if (!row) return "the partner client that subscribed has no live API key (revoked or deleted)";
  if (row.status !== "enabled") return "the partner client that subscribed is disabled";
  if (Number(row.may_subscribe) !== 1) return "the partner client that subscribed no longer holds epcissubscribe";
  return undefined;
}
