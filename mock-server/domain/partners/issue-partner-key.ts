// partner_clients.issueKey: a new API key for the client, shown once in the answer (shown_once);
// the key it had stops working with this transaction's commit, in every process, since no process
// keeps keys in memory (auth/partner-keys.ts reads the table on each call).
import { SHOWN_ONCE_FIELD } from "../../../schema/contract/shown-once";
import type { DomainHandler } from "../domain-handler";
import { newPartnerKey } from "./partner-key";
import { PARTNER_KEYS } from "./partner-keys-table";

export const issuePartnerKey: DomainHandler = {
  run: async ({ ctx, info, id }) => {
    const issued = newPartnerKey();
    const now = ctx.records.now();
    await ctx.store.run(`DELETE FROM ${PARTNER_KEYS} WHERE client_id = ?`, [id!]);
    await ctx.store.run(`INSERT INTO ${PARTNER_KEYS} (key_hash, client_id, issued_at) VALUES (?, ?, ?)`, [
      issued.hash,
      id!,
      now,
    ]);
    await ctx.records.update(info, id!, { key_hint: issued.hint, key_issued_at: now });
    return { id, key_hint: issued.hint, api_key: issued.key, [SHOWN_ONCE_FIELD]: ["api_key"] };
  },
};
