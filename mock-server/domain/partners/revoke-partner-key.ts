// partner_clients.revokeKey: the client's key stops working with this transaction's commit; the
// client keeps its settings and can be given a new key (issueKey).
import type { DomainHandler } from "../domain-handler";
import { PARTNER_KEYS } from "./partner-keys-table";

export const revokePartnerKey: DomainHandler = {
  run: async ({ ctx, info, id }) => {
    await ctx.store.run(`DELETE FROM ${PARTNER_KEYS} WHERE client_id = ?`, [id!]);
    await ctx.records.update(info, id!, { key_hint: null, key_issued_at: null });
    return undefined;
  },
};
