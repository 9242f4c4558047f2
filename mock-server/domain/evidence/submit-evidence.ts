// evidences.submit: evidence is submitted with at least one photo; from then on the
// record, its snapshot and its photos are read-only (ruleOwned, guard submitted-evidence), and only
// remarks can be appended (evidences.remark).
import { cellText } from "../../db/cell-text";
import { conflict } from "../refusal";
import { message } from "../../../schema/contract/messages";
import type { DomainHandler } from "../domain-handler";
import { photoCount } from "./evidence-photos";

export const submitEvidence: DomainHandler = {
  run: async ({ ctx, id, row }) => {
    if ((await photoCount(ctx, id!)) === 0)
      throw conflict("id", message("logistics.evidence.noPhoto", { evidence_no: cellText(row?.evidence_no ?? id) }));
    return undefined;
  },
};
