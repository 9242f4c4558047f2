// The rules of a partner client's record beside the generic writes: a dealer's client acts for
// exactly one dealer, and no other kind acts for one (its queries would otherwise be narrowed, or
// not, by a field nobody meant). A deleted client's key goes with it.
import { message } from "../../../schema/contract/messages";
import type { ChainContext } from "../chain-context";
import { invalid } from "../refusal";
import type { Row } from "../../resources/row-codec";
import type { WriteHook } from "../write-hook";
import { DEALER_KIND, partnerClientsInfo } from "./partner-clients";
import { PARTNER_KEYS } from "./partner-keys-table";

function checkDealer(row: Row): void {
  const acting = row.dealer_id !== null && row.dealer_id !== undefined;
  if (row.kind === DEALER_KIND && !acting) throw invalid("dealer_id", message("epcisPartners.dealerNeeded"));
  if (row.kind !== DEALER_KIND && acting)
    throw invalid("dealer_id", message("epcisPartners.dealerOnlyForDealers", { kind: String(row.kind) }));
}

export function partnerClientRules(ctx: ChainContext): WriteHook {
  return {
    prepareCreate: (input) => {
      checkDealer(input);
      return Promise.resolve();
    },
    beforeUpdate: async (id, input) => {
      const info = partnerClientsInfo(ctx);
      const stored = info ? await ctx.records.row(info, id) : undefined;
      checkDealer({ ...stored, ...input });
    },
    afterDelete: async (id) => {
      await ctx.store.run(`DELETE FROM ${PARTNER_KEYS} WHERE client_id = ?`, [id]);
    },
  };
}
