// Domain actions (manifest `actions`): a row action checks `when` against the record, applies
// `set` with its `stamp` (who/when, stamps.ts) and its handler in one transaction, and answers
// the updated record. A collection action applies `set` and `stamp` to every row that matches `when`.
import type { ContractAction } from "../../schema/contract/server-contract";
import type { AppContext } from "../context";
import { cellText } from "../db/cell-text";
import { quoteIdent } from "../db/sql-names";
import { domainHandler } from "../actions/registry";
import type { DomainHandler } from "../domain/domain-handler";
import { envelopeSchema } from "../envelope";
import { ApiError, ErrorCode, recordMissing } from "../refusals";
import type { RouteTable } from "../http/route-table";
import type { ResourceInfo } from "./catalog";
import { toDbValues, toRecord, type Row } from "./row-codec";
import { idSchema, recordSchema } from "./schemas";
import type { RecordId } from "../../schema/contract/record-id";

const numericId = (id: RecordId | undefined): number | undefined => (typeof id === "number" ? id : undefined);
import { actionStamps, actorOf } from "./stamps";
import { message } from "../../schema/contract/messages";

function inputSchema(
  info: ResourceInfo,
  action: ContractAction,
  handler: DomainHandler<AppContext> | undefined,
): Record<string, unknown> {
  const extra = handler?.inputProperties ?? {};
  if (action.scope === "row")
    return {
      type: "object",
      additionalProperties: false,
      required: ["id"],
      properties: { id: idSchema(info), ...extra },
    };
  return { type: ["object", "null"], additionalProperties: false, properties: extra };
}

/** spec-style refusal: "action close does not apply: status is closed". */
function assertApplies(info: ResourceInfo, action: ContractAction, row: Row): void {
  const record = toRecord(info, row);
  for (const [field, allowed] of Object.entries(action.when ?? {})) {
    const value = record[field];
    if (!allowed.includes(value as never))
      throw new ApiError(
        409,
        ErrorCode.actionNotApplicable,
        message("common.actionNotApplicable", {
          action: action.name,
          column: field,
          value: value === null || value === undefined ? message("common.emptyValue") : cellText(value),
        }),
      );
  }
}

async function applyToCollection(
  ctx: AppContext,
  info: ResourceInfo,
  action: ContractAction,
  written: Row,
): Promise<number> {
  const values = toDbValues(info, written);
  if (Object.keys(values).length === 0) return 0;
  if (info.byName.has("updated_at")) values.updated_at = ctx.records.now();
  const assignments = Object.keys(values).map((name) => `${quoteIdent(name)} = ?`);
  const clauses: string[] = [];
  const params: unknown[] = Object.values(values);
  for (const [field, allowed] of Object.entries(action.when ?? {})) {
    clauses.push(`${quoteIdent(field)} IN (${allowed.map(() => "?").join(",")})`);
    params.push(...allowed.map((value) => (typeof value === "boolean" ? (value ? 1 : 0) : value)));
  }
  const where = clauses.length ? `WHERE ${clauses.join(" AND ")}` : "";
  const result = await ctx.store.run(
    `UPDATE ${quoteIdent(info.table)} SET ${assignments.join(", ")} ${where}`,
    params as never[],
  );
  ctx.store.bump(info.table, 0);
  return result.changes;
}

function registerAction(ctx: AppContext, routes: RouteTable, info: ResourceInfo, action: ContractAction): void {
  const owner = `${info.resource.name}.${action.name}`;
  const handler = action.handler ? domainHandler(action.handler, owner) : undefined;
  const roles = action.roles.length ? action.roles : (info.resource.writeRoles[action.name] ?? []);
  routes.add({
    endpoint: action.endpoint,
    owner,
    access: { roles },
    idempotencyKey: true,
    input: inputSchema(info, action, handler),
    response: envelopeSchema(action.scope === "row" ? recordSchema(info) : { type: "object" }),
    tags: [info.resource.name],
    summary: `${info.resource.title}: ${action.name}`,
    handler: async (request, input) => {
      const id = action.scope === "row" ? (input.id as RecordId) : undefined;
      const row = id === undefined ? undefined : await ctx.records.row(info, id);
      if (id !== undefined && !row) throw recordMissing(info.resource.name, id);
      if (row) assertApplies(info, action, row);
      const actor = await actorOf(ctx, request);
      // A handler gets a table row's id; a projection's handler reads its row, whose id may be a string.
      const call = { ctx, info, action, actor, session: request.auth, input, id: numericId(id), row };
      const prepared = await handler?.prepare?.(call);
      return await ctx.store.transaction(async () => {
        // Read and checked again inside the transaction: prepare() awaited, another call may have
        // changed the row; the rule runs on the row as it is now, held (store.lockRows) until the
        // action commits, so two racing calls of it (a waybill confirmed twice) run one after the other.
        // A projection's view holds no row to lock: its handler locks what it writes.
        if (id !== undefined && !info.resource.projection) await ctx.store.lockRows(info.table, "id", [id]);
        const current = id === undefined ? undefined : await ctx.records.row(info, id);
        if (id !== undefined) assertApplies(info, action, current ?? {});
        const written: Row = { ...action.set, ...actionStamps(action, ctx.records.now(), actor) };
        let updated = 0;
        const tableId = numericId(id);
        if (tableId !== undefined && Object.keys(written).length) {
          const row = await ctx.records.update(info, tableId, written);
          // A row action's set is an update: its rules run too (employees/disable ends the account's
          // sessions as employees/update {status: disabled} does).
          for (const hook of ctx.hooks.of(info.resource.name)) await hook.afterUpdate?.(tableId, written, request, row);
        } else if (id === undefined) updated = await applyToCollection(ctx, info, action, written);
        const result = await handler?.run({ ...call, row: current }, prepared);
        if (result !== undefined) return result;
        return id !== undefined ? await ctx.records.record(info, id) : { updated };
      });
    },
  });
}

export function registerActionRoutes(ctx: AppContext, routes: RouteTable, info: ResourceInfo): void {
  for (const action of info.resource.actions) registerAction(ctx, routes, info, action);
}
