// The adapter that registers the chain's rules which run beside a generic write, because the
// manifest has no hook to name them in (an edit: manifest onCreate exists, onUpdate does not yet),
// and what a generic read words for its
// reader: 出库异常日志's messages and capture jobs' refusals, stored as the catalog's key and parameters.
import type { AppContext } from "../context";
import {
  adoptEarlierGrants,
  authoriseRegionsHook,
  DEALERS,
  dealerRegionTable,
} from "../domain/logistics/authorise-region";
import { codeRuleEditCheck } from "../domain/codes/check-code-rule";
import { CODE_RULES } from "../domain/codes/code-rules/rule-of";
import { migrateSegmentNotation } from "../domain/codes/code-rules/segment-migration";
import { recordParamChanges } from "../domain/scan-warnings/param-versions";
import { actorOf } from "../resources/stamps";
import { storedMessage } from "../resources/read-hooks";
import { WMS_ERRORS } from "../domain/logistics/waybill-files/import-waybill";
import { PARTNER_CLIENTS } from "../domain/partners/partner-clients";
import { partnerClientRules } from "../domain/partners/partner-client-rules";
import { CAPTURE_JOBS, wordRefusals } from "../domain/epcis/capture/capture-job-reads";

export async function registerDomainHooks(ctx: AppContext): Promise<void> {
  if (ctx.catalog.find(CODE_RULES)) {
    ctx.hooks.add(CODE_RULES, codeRuleEditCheck(ctx));
    // Rules stored as notation are rows from the start of this server on.
    await migrateSegmentNotation(ctx);
  }
  if (dealerRegionTable(ctx)) {
    ctx.hooks.add(DEALERS, authoriseRegionsHook);
    await adoptEarlierGrants(ctx);
  }
  if (ctx.catalog.find("warning_params")?.byName.has("version"))
    ctx.hooks.add("warning_params", {
      beforeUpdate: async (id, input, request) =>
        await recordParamChanges(ctx, id, input, (await actorOf(ctx, request)).account ?? null),
    });
  if (ctx.catalog.find(PARTNER_CLIENTS)) ctx.hooks.add(PARTNER_CLIENTS, partnerClientRules(ctx));
  if (ctx.catalog.find(WMS_ERRORS)?.byName.has("message_key")) ctx.reads.add(WMS_ERRORS, storedMessage("message"));
  if (ctx.catalog.find(CAPTURE_JOBS)) ctx.reads.add(CAPTURE_JOBS, { present: wordRefusals });
}
