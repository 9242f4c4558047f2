// 码查询: one code as the console's detail shows it — its state, level, product, lot, dates, work
// order, line, team and materials, the packages it sits in up to the pallet, where it went (waybill,
// dealer with its authorised regions, ship time, warehouse: code-logistics.ts), and its timeline
// (流转记录) from the ledger, oldest first. Read only: a lookup never writes a row. A string that
// is no code answers "no such code" (404), one with the shape of a checked rule but a wrong check
// character "format error (check character)" (400), so a mistyped code is told apart from a fake.
import { message } from "../../../schema/contract/messages";
import type { ChainContext } from "../chain-context";
import { invalid, notFound } from "../refusal";
import { findCode, type CodeRow } from "../codes/code-lookup";
import { timelineWithCarried } from "../ledger/carried-events";
import { declaredAmong } from "../ledger/error-declarations";
import type { StoredEvent } from "../ledger/ledger";
import { hasWrongCheckCharacter } from "./code-format";
import { codeLogistics, type CodeLogistics } from "./code-logistics";
import { ruleRow, urlTemplateOf } from "../codes/code-rules/rule-of";
import { consumerUrl } from "../codes/code-rules/segments";

/** item → box → case → pallet; a longer walk means the chain is already broken. */
const MAX_DEPTH = 16;

export interface Named {
  readonly id: number;
  readonly name: string | null;
}

export interface ChainLink {
  readonly code: string;
  readonly level: string | null;
  readonly status: string | null;
}

export type TimelineEvent = Pick<
  StoredEvent,
  | "kind"
  | "event_type"
  | "action"
  | "biz_step"
  | "disposition"
  | "parent_code"
  | "related_code"
  | "reason"
  | "work_order_id"
  | "lot"
  | "read_point"
  | "event_time"
  | "operator"
> & {
  /** The package that carried the code in this event (a shipped case's item), or null for the code's own events. */
  readonly via: string | null;
  /** Declared in error (a return received by mistake): shown, but it did not happen. */
  readonly declared_in_error: boolean;
};

export interface CodeDetail {
  readonly code: string;
  /** The URL a consumer reaches by scanning the code's label (its rule's template). */
  readonly url: string;
  readonly status: string | null;
  readonly level: string | null;
  readonly void_reason: string | null;
  readonly replaced_by: string | null;
  readonly product: Named | null;
  readonly lot: string | null;
  readonly production_date: string | null;
  readonly expiry_date: string | null;
  readonly work_order: Named | null;
  readonly line: Named | null;
  readonly team: Named | null;
  readonly materials: readonly { readonly material: string | null; readonly material_batch_no: string | null }[];
  /** The packages holding the code, nearest first, up to the outermost (the pallet). */
  readonly parents: readonly ChainLink[];
  /** The waybill it left on, its dealer and warehouse; null while it has not left. */
  readonly logistics: CodeLogistics | null;
  readonly timeline: readonly TimelineEvent[];
}

/** The code's row, or the answer a lookup gives for a string that is not one. */
export async function lookedUpCode(ctx: ChainContext, code: string): Promise<CodeRow> {
  const row = await findCode(ctx, code);
  if (row) return row;
  if (await hasWrongCheckCharacter(ctx, code)) throw invalid("code", message("codes.wrongCheckCharacter", { code }));
  throw notFound(message("codes.noSuchCode", { code }));
}

/** The packages around `code`, nearest first. */
export async function parentChain(ctx: ChainContext, code: CodeRow): Promise<ChainLink[]> {
  const chain: ChainLink[] = [];
  for (let up = code.parent_code; up !== null && chain.length < MAX_DEPTH;) {
    const parent = await findCode(ctx, up);
    if (!parent) break;
    chain.push({ code: parent.code, level: parent.code_type, status: parent.status });
    up = parent.parent_code;
  }
  return chain;
}

export const named = async (
  ctx: ChainContext,
  table: string,
  labelColumn: string,
  id: unknown,
): Promise<Named | null> =>
  typeof id === "number"
    ? {
        id,
        name:
          (
            await ctx.store.get<{ name: string | null }>(
              `SELECT "${labelColumn}" AS name FROM "${table}" WHERE "id" = ?`,
              [id],
            )
          )?.name ?? null,
      }
    : null;

interface WorkOrderRow {
  readonly order_no: string;
  readonly line_id: number | null;
  readonly team_id: number | null;
  readonly production_date: string | null;
  readonly expiry_date: string | null;
}

/** The code's consumer URL on the public origin, by its rule's template (the one function for it, consumerUrl). */
async function urlOf(ctx: ChainContext, row: CodeRow): Promise<string> {
  const ruleId =
    row.order_id === null
      ? undefined
      : (
          await ctx.store.get<{ rule_id: number | null }>(
            `SELECT "rule_id" AS rule_id FROM "code_orders" WHERE "id" = ?`,
            [row.order_id],
          )
        )?.rule_id;
  return consumerUrl(
    urlTemplateOf(ruleId == null ? undefined : await ruleRow(ctx, ruleId)),
    row.code,
    ctx.options.publicOrigin,
  );
}

export async function codeDetail(ctx: ChainContext, code: string): Promise<CodeDetail> {
  const row = await lookedUpCode(ctx, code);
  const extra = await ctx.store.get<{ void_reason: string | null; replaced_by: string | null }>(
    `SELECT "void_reason" AS void_reason, "replaced_by" AS replaced_by FROM "trace_codes" WHERE "id" = ?`,
    [row.id],
  );
  const order =
    row.work_order_id === null
      ? undefined
      : await ctx.store.get<WorkOrderRow>(
          `SELECT "order_no" AS order_no, "line_id" AS line_id, "team_id" AS team_id, "production_date" AS production_date, "expiry_date" AS expiry_date
           FROM "production_orders" WHERE "id" = ?`,
          [row.work_order_id],
        );
  const materials =
    row.work_order_id === null
      ? []
      : await ctx.store.all<{ material: string | null; material_batch_no: string | null }>(
          `SELECT m."material_name" AS material, u."material_batch_no" AS material_batch_no
           FROM "material_usages" u LEFT JOIN "materials" m ON m."id" = u."material_id" WHERE u."order_id" = ? ORDER BY u."id"`,
          [row.work_order_id],
        );
  return {
    code: row.code,
    url: await urlOf(ctx, row),
    status: row.status,
    level: row.code_type,
    void_reason: extra?.void_reason ?? null,
    replaced_by: extra?.replaced_by ?? null,
    product: await named(ctx, "products", "product_name", row.product_id),
    lot: row.batch_no,
    production_date: order?.production_date ?? null,
    expiry_date: order?.expiry_date ?? null,
    work_order: order ? { id: row.work_order_id!, name: order.order_no } : null,
    line: await named(ctx, "production_lines", "line_name", order?.line_id),
    team: await named(ctx, "teams", "team_name", order?.team_id),
    materials,
    parents: await parentChain(ctx, row),
    logistics: await codeLogistics(ctx, row.code),
    timeline: await timelineOf(ctx, row.code),
  };
}

async function timelineOf(ctx: ChainContext, code: string): Promise<TimelineEvent[]> {
  const events = await timelineWithCarried(ctx, code);
  const declared = await declaredAmong(
    ctx,
    events.map((event) => event.id),
  );
  return events.map((event) => ({
    kind: event.kind,
    event_type: event.event_type,
    action: event.action,
    biz_step: event.biz_step,
    disposition: event.disposition,
    parent_code: event.parent_code,
    related_code: event.related_code,
    reason: event.reason,
    work_order_id: event.work_order_id,
    lot: event.lot,
    read_point: event.read_point,
    event_time: event.event_time,
    operator: event.operator,
    via: event.via,
    declared_in_error: declared.has(event.id),
  }));
}
