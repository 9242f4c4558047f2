// code_orders.generate (预生码 → 生码): issues the order's quantity of trace codes by its code
// rule through the ledger (rows and the issue event together), records the run as a code batch,
// and marks the order generated, in one transaction.
import type { AppContext } from "../context";
import type { ResourceInfo } from "../resources/catalog";
import type { Row } from "../resources/row-codec";
import { actorOf } from "../resources/stamps";
import { CodeMaker, DEFAULT_RULE, type CodeRule } from "./code-values";
import type { DomainHandler } from "./domain-handler";
import { issueCodes } from "./ledger/ledger";

export const MAX_CODES_PER_RUN = 1_000_000;

/** A resource that refers to `owner` and has all of `columns` (the first listed must be unique if `unique`). */
function childWith(
  ctx: AppContext,
  owner: ResourceInfo,
  columns: readonly string[],
  unique = false,
): { info: ResourceInfo; link: string } | undefined {
  for (const info of ctx.catalog.entities) {
    const link = info.refs.find((column) => column.ref === owner.resource.name);
    if (!link || !columns.every((name) => info.byName.has(name))) continue;
    if (unique && !info.byName.get(columns[0]!)?.unique) continue;
    return { info, link: link.name };
  }
  return undefined;
}

function ruleOf(ctx: AppContext, info: ResourceInfo, order: Row): { rule: CodeRule; row?: Row; link?: string } {
  for (const column of info.refs) {
    const target = ctx.catalog.find(column.ref!);
    if (!target || !target.byName.has("charset") || order[column.name] == null) continue;
    const row = ctx.records.row(target, order[column.name] as number);
    if (!row) continue;
    const rule: CodeRule = {
      prefix: typeof row.prefix === "string" ? row.prefix : "",
      length: typeof row.length === "number" ? row.length : DEFAULT_RULE.length,
      charset: typeof row.charset === "string" ? row.charset : DEFAULT_RULE.charset,
      checkDigit: row.check_digit === 1,
    };
    return { rule, row, link: column.name };
  }
  return { rule: DEFAULT_RULE };
}

const firstEnum = (info: ResourceInfo, name: string, preferred: string): string | undefined => {
  const values = info.byName.get(name)?.enumValues;
  return values?.includes(preferred) ? preferred : values?.[0];
};

export const generateCodes: DomainHandler = {
  run: (call) => {
    const { ctx, info, id } = call;
    const order = ctx.records.row(info, id!)!;
    const quantity = Math.min(Number(order.quantity ?? call.input.quantity ?? 0), MAX_CODES_PER_RUN);
    const target = childWith(ctx, info, ["code"], true);
    if (!target || quantity < 1) return undefined;
    const { rule, row: ruleRow } = ruleOf(ctx, info, order);
    const codeType = (ruleRow?.code_type as string | undefined) ?? firstEnum(target.info, "code_type", "item");
    const values: Row = { [target.link]: id };
    if (target.info.byName.has("product_id") && order.product_id != null) values.product_id = order.product_id;
    if (target.info.byName.has("code_type")) values.code_type = codeType ?? null;
    const status = firstEnum(target.info, "status", "generated");
    if (status) values.status = status;
    const maker = new CodeMaker(rule);
    const codes = issueCodes(ctx, { kind: "issue", operator: actorOf(ctx, call.request).account }, quantity, () => maker.next(), values);
    const [first, last] = [codes[0]!, codes[codes.length - 1]!];

    const batch = childWith(ctx, info, ["first_code", "last_code", "quantity"]);
    if (batch) {
      const stamp = ctx.records.now().replace(/\D/g, "").slice(0, 14);
      const record: Row = { [batch.link]: id, quantity, first_code: first, last_code: last };
      if (batch.info.byName.has("batch_no")) record.batch_no = `B${stamp}${new CodeMaker({ ...DEFAULT_RULE, length: 4 }).next().slice(0, 4)}`;
      if (batch.info.byName.has("code_type")) record.code_type = codeType ?? null;
      if (batch.info.byName.has("rule_id") && order.rule_id != null) record.rule_id = order.rule_id;
      // Who ran it and when: the batch's x-stamp columns (manifest), filled by the insert.
      ctx.records.insert(batch.info, record, actorOf(ctx, call.request));
    }
    // The order's own generated_at is the generate action's stamp (manifest), written with its set.
    if (!call.action.set?.status && info.byName.get("status")?.enumValues?.includes("generated"))
      ctx.records.update(info, id!, { status: "generated" });
    return undefined;
  },
};
