// The inspectors of the seeded history: a market check goes through the record-inspection rule
// (its inspect event in the ledger, the warning it settles), and a check that finds 窜货 takes
// evidence through the capture-evidence rule (the frozen snapshot of the code's chain).
import type { AppContext } from "../context";
import { captureEvidence } from "../domain/evidence/capture-evidence";
import { recordInspectionOf } from "../domain/inspection/record-inspection";
import { completeRow } from "./complete-row";
import { compactDate } from "./history-calendar";
import { Prng, seedOf } from "./prng";

/** The demo's inspector account (seed-accounts.ts). */
export const SEED_INSPECTOR = "editor";

export interface MarketCheck {
  readonly code: string;
  readonly dealerId: number;
  readonly geo: string;
  readonly result: "compliant" | "cross_region" | "counterfeit" | "expired";
  /** The open warning of this rule on the code that the check settles, if any. */
  readonly settles?: string;
  readonly remark: string | null;
}

/** An inspection at the clock's moment; its id, or undefined when the tables lack the rule. */
export async function inspect(ctx: AppContext, check: MarketCheck, serial: number): Promise<number | undefined> {
  const info = ctx.catalog.find("inspections");
  if (info?.resource.onCreate?.handler !== "record-inspection") return undefined;
  const actor = { account: SEED_INSPECTOR };
  const warning = check.settles
    ? await ctx.store.get<{ id: number }>(
        `SELECT "id" AS id FROM "consumer_warnings" WHERE "code" = ? AND "rule" = ? AND "status" = 'pending' ORDER BY "id" LIMIT 1`,
        [check.code, check.settles],
      )
    : undefined;
  const input = {
    inspection_no: `JC${compactDate(ctx.clock())}${String(serial).padStart(2, "0")}`,
    geo: check.geo,
    warning_id: warning?.id ?? null,
    dealer_id: check.dealerId,
    code: check.code,
    result: check.result,
    remark: check.remark,
  };
  return await ctx.records.insert(info, { ...input, ...(await recordInspectionOf(ctx, input, actor)) }, actor);
}

/** A photo taken at the shop, as the 取证 form files it (a draft until the inspector submits it). */
export async function takeEvidence(
  ctx: AppContext,
  inspectionId: number,
  check: MarketCheck,
  areaCodes: readonly string[],
): Promise<void> {
  const info = ctx.catalog.find("evidences");
  if (info?.resource.onCreate?.handler !== "capture-evidence") return;
  const given = {
    evidence_no: `QZ${compactDate(ctx.clock())}${String(inspectionId).padStart(3, "0")}`,
    inspection_id: inspectionId,
    dealer_id: check.dealerId,
    code: check.code,
    conclusion: check.result,
    evidence_type: "photo",
    collected_by: SEED_INSPECTOR,
    collected_at: ctx.records.now(),
    remark: check.remark,
    submitted_by: null,
    submitted_at: null,
    ...(await captureEvidence.run({ ctx, info, input: { code: check.code }, actor: { account: SEED_INSPECTOR } })),
  };
  const env = {
    rng: new Prng(seedOf(`evidence:${inspectionId}`)),
    anchor: ctx.clock(),
    index: inspectionId,
    table: info.table,
    areaCodes,
  };
  const row = await completeRow(ctx, info, given, env);
  await ctx.records.insert(info, row, { account: SEED_INSPECTOR });
}
