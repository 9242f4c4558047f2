// Partner clients for the EPCIS tests, made as an administrator makes them: the client's record
// (partner_clients.add), then its key (partner_clients.issueKey), shown once in that answer.
import type { ChainApp } from "./chain-app";

export interface IssuedClient {
  readonly id: number;
  readonly key: string;
}

export const clientPaths = {
  add: "/api/org/partnerclients/add",
  issueKey: "/api/org/partnerclients/issuekey",
  revokeKey: "/api/org/partnerclients/revokekey",
  disable: "/api/org/partnerclients/disable",
  enable: "/api/org/partnerclients/enable",
} as const;

/** Issues `id` a new key; the key. */
export async function issueKey(chain: Pick<ChainApp, "post">, id: number): Promise<string> {
  const issued = await chain.post(clientPaths.issueKey, { id });
  if (issued.code !== 0) throw new Error(`issueKey: ${issued.message}`);
  return (issued.data as { api_key: string }).api_key;
}

/** A client named `name` of `kind` (a dealer's: acting for `dealerId`) holding `permissions`, with its key. */
export async function partnerClient(
  chain: Pick<ChainApp, "post">,
  name: string,
  options: { kind: string; dealerId?: number; query?: boolean; capture?: boolean; subscribe?: boolean },
): Promise<IssuedClient> {
  const made = await chain.post(clientPaths.add, {
    client_name: name,
    kind: options.kind,
    ...(options.dealerId !== undefined ? { dealer_id: options.dealerId } : {}),
    may_query: options.query ?? true,
    may_capture: options.capture ?? false,
    may_subscribe: options.subscribe ?? false,
    status: "enabled",
  });
  if (made.code !== 0) throw new Error(`partner client ${name}: ${made.message}`);
  const id = (made.data as { id: number }).id;
  return { id, key: await issueKey(chain, id) };
}
