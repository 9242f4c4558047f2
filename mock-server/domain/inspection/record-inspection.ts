// inspections.create (onCreate: record-inspection): an inspector's check in
// the market. The inspector and time are stamped; the scan's GPS position is a geo URI (WGS-84),
// which the server resolves offline to the city it lies in (region_code; AppOptions.geoRegions).
// When the record names the warning it settles, that warning takes the verdict (the result), is
// marked verified with the inspector and time, and must be open and about the same code. Evidence
// (取证) points to its inspection (evidences.inspection_id). A code that exists gets an `inspecting` event in the
// ledger, its readPoint the geo URI, so the EPCIS export and the code's timeline show the check.
import type { ChainContext } from "../chain-context";
import { conflict, invalid } from "../refusal";
import { message } from "../../../schema/contract/messages";
import { findCode } from "../codes/code-lookup";
import type { CreateHandler } from "../create-handler";
import type { Row } from "../../resources/row-codec";
import type { Actor } from "../../resources/stamps";
import { observeEvent } from "../ledger/ledger";
import { warningStatusWord } from "../logistics/logistics-words";
import { positionOf } from "../lookup/trace-inquiry";

const OPEN_WARNING = ["pending", "processing"];

async function settleWarning(
  ctx: ChainContext,
  warningId: number,
  code: string | undefined,
  verdict: string,
  inspector: string | null,
  at: string,
): Promise<void> {
  const info = ctx.catalog.info("consumer_warnings");
  const warning = await ctx.records.row(info, warningId);
  if (!warning)
    throw invalid("warning_id", message("common.rule.refMissing", { resource: "consumer_warnings", id: warningId }));
  if (!OPEN_WARNING.includes(String(warning.status)))
    throw conflict(
      "warning_id",
      message("logistics.inspection.warningSettled", { status: warningStatusWord(String(warning.status)) }),
    );
  if (code && warning.rule !== "code_guessing" && warning.code !== code)
    throw invalid("warning_id", message("logistics.inspection.otherCode", { code: String(warning.code), given: code }));
  await ctx.records.update(info, warningId, { status: "verified", verdict, handled_by: inspector, handled_at: at });
}

/**
 * The rule itself, for the create call and the demo seed: settles the warning the record names,
 * appends the inspect event for an existing code, and answers the row's server-owned region.
 */
export async function recordInspectionOf(ctx: ChainContext, input: Row, actor: Actor): Promise<Row> {
  const code = typeof input.code === "string" && input.code !== "" ? input.code : undefined;
  const now = ctx.records.now();
  if (typeof input.warning_id === "number")
    await settleWarning(ctx, input.warning_id, code, String(input.result), actor.account, now);
  const row = code ? await findCode(ctx, code) : undefined;
  if (row)
    await observeEvent(ctx, {
      kind: "inspect",
      codes: [row.code],
      readPoint: typeof input.geo === "string" ? input.geo : null,
      reason: String(input.result),
      operator: actor.account,
    });
  return { region_code: typeof input.geo === "string" ? (positionOf(ctx, input.geo)?.region?.code ?? null) : null };
}

export const recordInspection: CreateHandler = {
  check: (ctx, info) => {
    for (const name of ["geo", "region_code", "warning_id", "result", "code"])
      if (!info.byName.has(name))
        throw new Error(`${info.resource.name}.create (record-inspection) needs the field ${name}`);
    if (!ctx.catalog.find("consumer_warnings")?.byName.has("verdict"))
      throw new Error(`${info.resource.name}.create (record-inspection) needs consumer_warnings.verdict`);
  },
  run: async ({ ctx, input, actor }) => await recordInspectionOf(ctx, input, actor),
};
