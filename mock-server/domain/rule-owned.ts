// manifest ruleOwned on the server: the generic create/update/delete of a resource whose changes
// belong to domain rules are refused with 409 40903, naming the rule calls that own them, before
// anything is written. A guard (`while`) decides per record, e.g. a code rule is owned only once
// it has issued codes; an unknown guard stops the server at start-up, as an unknown handler does.
import type { ContractResource } from "../../schema/contract/server-contract";
import { message, type Message } from "../../schema/contract/messages";
import type { ChainContext } from "./chain-context";
import { quoteIdent } from "../db/sql-names";
import { ChainRefusal } from "./refusal";
import type { ResourceInfo } from "../resources/catalog";
import type { Row } from "../resources/row-codec";

export type GenericCall = "create" | "update" | "delete";

/** Why record `id` is rule-owned now ("it has issued 150 codes"), or undefined when it is not. */
type OwnershipGuard = (ctx: ChainContext, info: ResourceInfo, id: number) => Promise<Message | undefined>;

const LEFT_WAREHOUSE = {
  shipped: "codes.owned.shipped",
  received: "codes.owned.received",
  unbound: "codes.owned.unbound",
} as const;

async function count(ctx: ChainContext, table: string, column: string, id: number, extra = ""): Promise<number> {
  const info = ctx.catalog.find(table);
  if (!info?.byName.has(column)) return 0;
  const row = await ctx.store.get<{ n: number }>(
    `SELECT count(*) AS n FROM ${quoteIdent(info.table)} WHERE ${quoteIdent(column)} = ? ${extra}`,
    [id],
  );
  return row?.n ?? 0;
}

const GUARDS: Readonly<Record<string, OwnershipGuard>> = {
  // A code rule that has issued codes (a generation batch, or an order no longer pending) keeps its
  // shape: the codes already printed were made by it, and checks and lookups read them by it. A
  // failed batch that wrote no code (a refused import) issued nothing.
  "issued-codes": async (ctx, _info, id) => {
    const batches = await count(ctx, "code_batches", "rule_id", id, `AND ("succeeded" > 0 OR "status" <> 'failed')`);
    if (batches)
      return message(batches === 1 ? "codes.owned.issuedBatch" : "codes.owned.issuedBatches", { count: batches });
    const orders = await count(ctx, "code_orders", "rule_id", id, `AND "status" <> 'pending'`);
    return orders
      ? message(orders === 1 ? "codes.owned.issuedOrder" : "codes.owned.issuedOrders", { count: orders })
      : undefined;
  },
  // A waybill that has left the warehouse (shipped, received, unbound): its codes were attributed to
  // its dealer under its number, and the ledger's bol names it.
  "left-warehouse": async (ctx, info, id) => {
    const status = (await ctx.records.row(info, id))?.status as string | undefined;
    return status && Object.hasOwn(LEFT_WAREHOUSE, status)
      ? message(LEFT_WAREHOUSE[status as keyof typeof LEFT_WAREHOUSE])
      : undefined;
  },
  // Submitted evidence is a record of what an inspector found: it and its frozen
  // snapshot never change again; remarks are appended through evidences.remark.
  "submitted-evidence": async (ctx, info, id) =>
    (await ctx.records.row(info, id))?.status === "submitted" ? message("codes.owned.submitted") : undefined,
};

/** Start-up check: the resource's guard exists. */
export function checkRuleOwned(resource: ContractResource): void {
  const guard = resource.ruleOwned?.while;
  if (guard && !Object.hasOwn(GUARDS, guard))
    throw new Error(
      `${resource.name}.ruleOwned: unknown guard "${guard}"; list it in mock-server/domain/rule-owned.ts`,
    );
}

/**
 * Throws the 40903 refusal when `call` (with `input` for an update; `id` for update and delete)
 * is rule-owned for this record now. Call inside the write's transaction, before writing.
 */
export async function refuseRuleOwned(
  ctx: ChainContext,
  info: ResourceInfo,
  call: GenericCall,
  id?: number,
  input?: Row,
): Promise<void> {
  const owned = info.resource.ruleOwned;
  if (!owned) return;
  const through = owned.through.join(", ");
  let touched: string[] = [];
  if (!owned.calls.includes(call)) {
    if (call !== "update" || !owned.fields.length) return;
    const row = id === undefined ? undefined : await ctx.records.record(info, id);
    touched = owned.fields.filter((name) => input && name in input && row && input[name] !== row[name]);
    if (!touched.length) return;
  }
  const why = owned.while && id !== undefined ? await GUARDS[owned.while](ctx, info, id) : null;
  if (why === undefined) return;
  // The resource by its name (the console shows it by its title); the call refused rides along in
  // the parameters for an API user, though no sentence shows it.
  const named = { resource: info.resource.name, call, through };
  if (!touched.length)
    throw new ChainRefusal(
      "ruleOwned",
      why ? message("common.ruleOwnedBecause", { ...named, why }) : message("common.ruleOwned", named),
    );
  const fields = touched.join(", ");
  const text = why
    ? message("common.ruleOwnedFieldsBecause", { ...named, fields, why })
    : message("common.ruleOwnedFields", { ...named, fields });
  const rule = why ? message("common.rule.cannotChangeBecause", { why }) : message("common.rule.cannotChange");
  throw new ChainRefusal("ruleOwned", text, Object.fromEntries(touched.map((name) => [name, rule])));
}
