// The generic calls of an entity resource: list, detail, create, update, delete. A
// create runs its resource's onCreate rule (domain/create-handler.ts) in its transaction; a read
// gives its rows to the resource's read hooks (read-hooks.ts) for the reader's language; a
// projection narrowed to a dealer is read within the caller's dealer (dealer-rows.ts).
import type { AppContext } from "../context";
import type { FastifyRequest } from "fastify";
import type { RouteTable } from "../http/route-table";
import { notFound } from "../refusals";
import type { ResourceInfo } from "./catalog";
import { idBody, idQuery, pageResponse, recordResponse, singletonUpdate } from "./schemas";
import { listQuerySchema } from "./list-params";
import { envelopeSchema } from "../envelope";
import { languageOfRequest } from "../errors";
import { hashSecrets, writeSecrets } from "./secrets";
import type { Row } from "./row-codec";
import { actorOf } from "./stamps";
import { createHandler } from "../actions/registry";
import { checkRuleOwned, refuseRuleOwned } from "../domain/rule-owned";
import type { RecordId } from "../../schema/contract/record-id";
import { message } from "../../schema/contract/messages";
import { dealerFilter, narrowed, refuseOutside } from "./dealer-rows";

export const writeRoles = (info: ResourceInfo, write: "create" | "edit" | "delete"): readonly string[] =>
  info.resource.writeRoles[write] ?? (write === "edit" ? info.resource.writeRoles.update : undefined) ?? [];

function registerList(ctx: AppContext, routes: RouteTable, info: ResourceInfo): void {
  const { resource } = info;
  const endpoint = resource.endpoints.list;
  if (!endpoint) return;
  const asBody = endpoint.method !== "GET";
  const input = listQuerySchema(ctx.lists.spec(info).params, asBody);
  if (asBody) input.type = ["object", "null"];
  routes.add({
    endpoint,
    owner: `${resource.name}.list`,
    access: { roles: resource.readRoles },
    input,
    response: pageResponse(info, resource.paged),
    tags: [resource.name],
    summary: `List ${resource.title}`,
    handler: async (request, query) => {
      const scope = await dealerFilter(ctx, info, request);
      const page = await ctx.lists.list(info, narrowed(ctx.lists.parse(info, query), scope), resource.paged);
      ctx.reads.present(resource.name, page.list, languageOfRequest(request));
      return page;
    },
  });
}

function registerDetail(ctx: AppContext, routes: RouteTable, info: ResourceInfo): void {
  const { resource } = info;
  if (!resource.endpoints.detail) return;
  routes.add({
    endpoint: resource.endpoints.detail,
    owner: `${resource.name}.detail`,
    access: { roles: resource.readRoles },
    input: resource.singleton ? undefined : idQuery(info),
    response: recordResponse(info),
    tags: [resource.name],
    summary: `Read one ${resource.title}`,
    handler: (request, query) => {
      // The common read (by id, every row the caller's) is answered at once where the engine can.
      const atOnce =
        resource.singleton || resource.dealerField ? undefined : ctx.records.recordAtOnce(info, query.id as RecordId);
      if (atOnce) return ctx.reads.present(resource.name, [atOnce], languageOfRequest(request))[0];
      return readDetail(ctx, info, request, query);
    },
  });
}

async function readDetail(ctx: AppContext, info: ResourceInfo, request: FastifyRequest, query: Row): Promise<Row> {
  const { resource } = info;
  const id = resource.singleton ? await ctx.records.singletonId(info) : (query.id as RecordId);
  if (id === undefined) throw notFound(message("common.noRecordYet", { resource: resource.name }));
  const record = await ctx.records.record(info, id);
  refuseOutside(info, record, await dealerFilter(ctx, info, request));
  return ctx.reads.present(resource.name, [record], languageOfRequest(request))[0];
}

/** A create rule may fill server-owned fields only; anything else is a bug in the rule, not the call. */
function assertServerOwned(info: ResourceInfo, filled: Row, owner: string): void {
  for (const name of Object.keys(filled)) {
    const column = info.byName.get(name);
    if (!column?.readOnly || column.system)
      throw new Error(`${owner}: the create rule filled ${name}, which is not a server-owned field`);
  }
}

/**
 * The resource's write hooks' readInput, in turn, on a create or update body before it is
 * validated; none (no extra step per call) when no hook reads inputs. Hooks are registered first.
 */
function readInputs(ctx: AppContext, resource: string): ((body: Row) => Promise<Row>) | undefined {
  const readers = ctx.hooks.of(resource).flatMap((hook) => (hook.readInput ? [hook.readInput] : []));
  if (!readers.length) return undefined;
  return async (body) => {
    let input = body;
    for (const read of readers) input = await read(input);
    return input;
  };
}

function registerCreate(ctx: AppContext, routes: RouteTable, info: ResourceInfo): void {
  const { resource } = info;
  if (!resource.endpoints.create) return;
  const owner = `${resource.name}.create`;
  // manifest onCreate: an unknown name or a contract the rule cannot work on stops the start.
  const rule = resource.onCreate ? createHandler(resource.onCreate.handler, owner) : undefined;
  rule?.check?.(ctx, info);
  routes.add({
    endpoint: resource.endpoints.create,
    owner,
    access: { roles: writeRoles(info, "create") },
    idempotencyKey: true,
    input: resource.schemas.create,
    readBody: readInputs(ctx, resource.name),
    response: recordResponse(info),
    tags: [resource.name],
    summary: `Create ${resource.title}`,
    handler: async (request, input) => {
      const hooks = ctx.hooks.of(resource.name);
      const secrets = await hashSecrets(info, input);
      const prepared = await Promise.all(
        hooks.map((hook) => hook.prepareCreate?.(input, request) ?? Promise.resolve()),
      );
      const actor = await actorOf(ctx, request);
      const id = await ctx.store.transaction(async () => {
        await refuseRuleOwned(ctx, info, "create");
        // The rule's refusal throws inside the transaction, so whatever it changed rolls back.
        const filled = (await rule?.run({ ctx, info, input, actor })) ?? {};
        assertServerOwned(info, filled, owner);
        const created = await ctx.records.insert(info, { ...input, ...filled }, actor);
        await writeSecrets(ctx.store, resource.name, created, secrets);
        for (const [index, hook] of hooks.entries()) await hook.afterCreate?.(created, input, prepared[index]);
        return created;
      });
      return await ctx.records.record(info, id);
    },
  });
}

function registerUpdate(ctx: AppContext, routes: RouteTable, info: ResourceInfo): void {
  const { resource } = info;
  if (!resource.endpoints.update) return;
  routes.add({
    endpoint: resource.endpoints.update,
    owner: `${resource.name}.update`,
    access: { roles: writeRoles(info, "edit") },
    idempotencyKey: true,
    input: resource.singleton ? singletonUpdate(resource) : resource.schemas.update,
    readBody: readInputs(ctx, resource.name),
    response: recordResponse(info),
    tags: [resource.name],
    summary: `Update ${resource.title}`,
    handler: async (request, input) => {
      const secrets = await hashSecrets(info, input);
      const { id, answer } = await ctx.store.transaction(async () => {
        const existing = resource.singleton ? await ctx.records.singletonId(info) : (input.id as number);
        const row = existing === undefined ? undefined : await ctx.records.rowForWrite(info, existing);
        if (existing !== undefined && row) await refuseRuleOwned(ctx, info, "update", existing, input);
        const target = existing ?? (await ctx.records.insert(info, input, await actorOf(ctx, request)));
        const hooks = ctx.hooks.of(resource.name);
        let updated: Row | undefined;
        if (existing !== undefined) {
          for (const hook of hooks) await hook.beforeUpdate?.(existing, input, request);
          // The row read above is the one the update replaces, unless a hook before it wrote the row
          // itself (a parameter's version): then the update reads it again.
          const current = hooks.some((hook) => hook.beforeUpdate !== undefined) ? undefined : row;
          updated = await ctx.records.update(info, existing, input, current);
        }
        const updatedAt = ctx.store.writeVersion(info.table);
        await writeSecrets(ctx.store, resource.name, target, secrets);
        if (hooks.some((hook) => hook.afterUpdate !== undefined)) {
          const after = existing === undefined ? await ctx.records.row(info, target) : updated; // a singleton's first write made it
          for (const hook of hooks) await hook.afterUpdate?.(target, input, request, after);
        }
        // The row the update left answers the call, unless the table was written since (a rule
        // after the update wrote the row again, or another write came between): then it is read
        // again once committed.
        return { id: target, answer: ctx.store.writeVersion(info.table) === updatedAt ? updated : undefined };
      });
      return answer ? await ctx.records.recordOfRow(info, answer) : await ctx.records.record(info, id);
    },
  });
}

function registerDelete(ctx: AppContext, routes: RouteTable, info: ResourceInfo): void {
  const { resource } = info;
  if (!resource.endpoints.delete) return;
  routes.add({
    endpoint: resource.endpoints.delete,
    owner: `${resource.name}.delete`,
    access: { roles: writeRoles(info, "delete") },
    idempotencyKey: true,
    input: idBody(info),
    response: envelopeSchema({ type: "object", properties: { id: { type: "integer" } } }),
    tags: [resource.name],
    summary: `Delete ${resource.title}`,
    handler: async (request, input) => {
      const id = input.id as number;
      const hooks = ctx.hooks.of(resource.name);
      for (const hook of hooks) hook.beforeDelete?.(id, request);
      await ctx.store.transaction(async () => {
        const row = await ctx.records.rowForWrite(info, id);
        if (row) await refuseRuleOwned(ctx, info, "delete", id);
        await ctx.records.remove(info, id, row);
        for (const hook of hooks) await hook.afterDelete?.(id);
      });
      return { id };
    },
  });
}

export function registerEntityRoutes(ctx: AppContext, routes: RouteTable, info: ResourceInfo): void {
  checkRuleOwned(info.resource);
  registerList(ctx, routes, info);
  registerDetail(ctx, routes, info);
  registerCreate(ctx, routes, info);
  registerUpdate(ctx, routes, info);
  registerDelete(ctx, routes, info);
}
