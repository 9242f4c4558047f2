// handovers onCreate (成品交接): packed output — the outermost packages a line filled — moves from
// the line to the finished-goods warehouse: one handover ledger event naming the packages (EPCIS
// ObjectEvent OBSERVE, CBV storing; readPoint the line, bizLocation the warehouse). Everything inside
// a package goes with it, and the event names it too (the packages first, then their contents), so
// every code's timeline shows its handover and a box re-packed later is still known as handed over.
// The row counts the packages and the items inside.
// Refused, nothing written: an unknown or voided code, an item or an empty package (not packed
// output), a package inside another (hand over the outer one), one already handed over (itself or
// anything it holds).
import { message, type Message } from "../../../schema/contract/messages";
import type { ChainContext } from "../chain-context";
import { conflict as refuse, invalid } from "../refusal";
import { childrenOf, knownCode, type CodeRow } from "../codes/code-lookup";
import type { CreateHandler } from "../create-handler";
import { CodeStatus } from "../ledger/event-vocabulary";
import { recordEvent } from "../ledger/ledger";
import { requireColumns } from "../packing/packaging-links";

const MAX_PACKAGES = 500;
/** Every refusal of a package is about the codes field. */
const conflict = (rule: Message) => refuse("codes", rule);

/** The codes the text names: one per line, or separated by commas or spaces. */
export const codesIn = (text: string): string[] => [...new Set(text.split(/[\s,，;；]+/).filter(Boolean))];

/** The package and everything below it. */
async function treeOf(ctx: ChainContext, code: string): Promise<CodeRow[]> {
  const all: CodeRow[] = [];
  for (let layer = await childrenOf(ctx, code); layer.length;) {
    all.push(...layer);
    const below: CodeRow[] = [];
    for (const row of layer) below.push(...(await childrenOf(ctx, row.code)));
    layer = below;
  }
  return all;
}

/** When a handover event named `code`, its time; undefined if none did. */
async function handedOverAt(ctx: ChainContext, code: string): Promise<string | undefined> {
  const event = await ctx.store.get<{ at: string }>(
    `SELECT e."event_time" AS at FROM "_ledger_events" e JOIN "_ledger_event_codes" c ON c.event_id = e.id WHERE e.kind = 'handover' AND c.code = ? ORDER BY e.id LIMIT 1`,
    [code],
  );
  return event?.at;
}

async function checkPackage(ctx: ChainContext, row: CodeRow): Promise<CodeRow[]> {
  if (row.status === CodeStatus.voided) throw conflict(message("codes.voided", { code: row.code }));
  if (row.code_type === "item") throw conflict(message("codes.handOverItem", { code: row.code }));
  if (row.parent_code) throw conflict(message("codes.handOverInner", { code: row.code, parent: row.parent_code }));
  const tree = await treeOf(ctx, row.code);
  if (!tree.length) throw conflict(message("codes.handOverEmpty", { code: row.code }));
  for (const code of [row, ...tree]) {
    const at = await handedOverAt(ctx, code.code);
    if (at)
      throw conflict(
        code === row
          ? message("codes.handedOver", { code: row.code, at })
          : message("codes.holdsHandedOver", { code: row.code, inner: code.code, at }),
      );
  }
  return tree;
}

const codeOf = async (
  ctx: ChainContext,
  table: string,
  column: string,
  id: unknown,
  field: string,
): Promise<string> => {
  const row =
    typeof id === "number"
      ? await ctx.store.get<{ value: string }>(`SELECT "${column}" AS value FROM "${table}" WHERE "id" = ?`, [id])
      : undefined;
  if (!row) throw invalid(field, message("common.rule.refMissing", { resource: table, id: String(id) }));
  return row.value;
};

export const handOverPackages: CreateHandler = {
  check: (ctx, info) => {
    const owner = `${info.resource.name}.onCreate hand-over-packages`;
    requireColumns(ctx, owner, ["codes", "line_id", "warehouse_id", "package_count", "item_count"], info.resource.name);
    requireColumns(ctx, owner, ["line_code"], "production_lines");
    requireColumns(ctx, owner, ["warehouse_code"], "warehouses");
  },
  run: async ({ ctx, input, actor }) => {
    const codes = codesIn(input.codes as string);
    if (!codes.length) throw invalid("codes", message("codes.handOverNone"));
    if (codes.length > MAX_PACKAGES)
      throw invalid("codes", message("codes.handOverTooMany", { limit: MAX_PACKAGES, given: codes.length }));
    const line = await codeOf(ctx, "production_lines", "line_code", input.line_id, "line_id");
    const warehouse = await codeOf(ctx, "warehouses", "warehouse_code", input.warehouse_id, "warehouse_id");
    const rows: CodeRow[] = [];
    for (const code of codes) rows.push(await knownCode(ctx, code, "codes"));
    const contents: CodeRow[] = [];
    for (const row of rows) contents.push(...(await checkPackage(ctx, row)));
    const workOrders = new Set(rows.map((row) => row.work_order_id));
    await recordEvent(
      ctx,
      {
        kind: "handover",
        codes: [...codes, ...contents.map((row) => row.code)],
        workOrderId: workOrders.size === 1 ? rows[0].work_order_id : null,
        readPoint: line,
        bizLocation: warehouse,
        operator: actor.account,
      },
      {},
    );
    return { package_count: codes.length, item_count: contents.filter((row) => row.code_type === "item").length };
  },
};
