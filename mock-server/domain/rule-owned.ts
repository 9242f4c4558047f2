// manifest ruleOwned on the server: the generic create/update/delete of a resource whose changes
// belong to domain rules are refused with 409 40903, naming the rule calls that own them, before
// anything is written. A guard (`while`) decides per record, e.g. a code rule is owned only once
// it has issued codes; an unknown guard stops the server at start-up, as an unknown handler does.
import type { ContractResource } from "../../schema/contract/server-contract";
import type { AppContext } from "../context";
import { quoteIdent } from "../db/sql-names";
import { ApiError, ErrorCode } from "../errors";
import type { ResourceInfo } from "../resources/catalog";
import type { Row } from "../resources/row-codec";

export type GenericCall = "create" | "update" | "delete";

/** Why record `id` is rule-owned now ("it has issued 150 codes"), or undefined when it is not. */
type OwnershipGuard = (ctx: AppContext, info: ResourceInfo, id: number) => string | undefined;

const count = (ctx: AppContext, table: string, column: string, id: number, extra = ""): number => {
  const info = ctx.catalog.find(table);
  if (!info?.byName.has(column)) return 0;
  return ctx.store.get<{ n: number }>(`SELECT count(*) AS n FROM ${quoteIdent(info.table)} WHERE ${quoteIdent(column)} = ? ${extra}`, [id])?.n ?? 0;
};

const GUARDS: Readonly<Record<string, OwnershipGuard>> = {
  // A code rule that has issued codes (a generation batch, or an order no longer pending) keeps its
  // shape: the codes already printed were made by it, and checks and lookups read them by it.
  "issued-codes": (ctx, _info, id) => {
    const batches = count(ctx, "code_batches", "rule_id", id);
    if (batches) return `it has issued codes (${batches} generation batch${batches === 1 ? "" : "es"})`;
    const orders = count(ctx, "code_orders", "rule_id", id, `AND "status" <> 'pending'`);
    return orders ? `it has issued codes (${orders} generated order${orders === 1 ? "" : "s"})` : undefined;
  },
  // A waybill that has left the warehouse (shipped, received, unbound): its codes were attributed to
  // its dealer under its number, and the ledger's bol names it (issue 11).
  "left-warehouse": (ctx, info, id) => {
    const status = ctx.records.row(info, id)?.status as string | undefined;
    return status && ["shipped", "received", "unbound"].includes(status) ? `it is ${status}` : undefined;
  },
  // Submitted evidence (issue 12 item 5) is a record of what an inspector found: it and its frozen
  // snapshot never change again; remarks are appended through evidences.remark.
  "submitted-evidence": (ctx, info, id) => (ctx.records.row(info, id)?.status === "submitted" ? "it is submitted" : undefined),
};

/** Start-up check: the resource's guard exists. */
export function checkRuleOwned(resource: ContractResource): void {
  const guard = resource.ruleOwned?.while;
  if (guard && !Object.hasOwn(GUARDS, guard))
    throw new Error(`${resource.name}.ruleOwned: unknown guard "${guard}"; list it in mock-server/domain/rule-owned.ts`);
}

const plural = (resource: ContractResource) => resource.name.replace(/_/g, " ");

/**
 * Throws the 40903 refusal when `call` (with `input` for an update; `id` for update and delete)
 * is rule-owned for this record now. Call inside the write's transaction, before writing.
 */
export function refuseRuleOwned(ctx: AppContext, info: ResourceInfo, call: GenericCall, id?: number, input?: Row): void {
  const owned = info.resource.ruleOwned;
  if (!owned) return;
  const through = owned.through.join(", ");
  let touched: string[] = [];
  if (!owned.calls.includes(call)) {
    if (call !== "update" || !owned.fields.length) return;
    const row = id === undefined ? undefined : ctx.records.record(info, id);
    touched = owned.fields.filter((name) => input && name in input && row && input[name] !== row[name]);
    if (!touched.length) return;
  }
  const why = owned.while && id !== undefined ? GUARDS[owned.while]!(ctx, info, id) : "";
  if (why === undefined) return;
  const subject = `${info.resource.name}.${call}`;
  const message = touched.length
    ? `${subject}: ${touched.join(", ")} cannot change${why ? ` because ${why}` : ""}; ${plural(info.resource)} change shape only through ${through}`
    : `${subject}: ${plural(info.resource)} change only through ${through}${why ? ` (${why})` : ""}`;
  throw new ApiError(409, ErrorCode.ruleOwned, message, touched.length ? Object.fromEntries(touched.map((name) => [name, `cannot change${why ? `: ${why}` : ""}`])) : undefined);
}
