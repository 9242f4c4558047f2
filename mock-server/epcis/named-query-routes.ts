// Named queries of the EPCIS 2.0 query interface (REST binding) under /epcis, a thin adapter over
// domain/epcis/named-queries.ts: POST /queries ({name, query}) answers 201 with its Location,
// GET /queries lists them (paged like the discovery lists), GET and DELETE /queries/{name} (which
// disconnects its WebSocket streams), and
// GET /queries/{name}/events pages its events as /epcis/events does, within the caller's scope, or,
// asked with Upgrade: websocket and stream=true, streams the query's new events over a WebSocket.
// Who may call: a session or a partner client's key holding `epcisquery`, as for every query: a
// stream delivers only to its caller what the caller may poll for, unlike a webhook, which sends it
// out (`epcissubscribe`).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { authOf } from "../auth/access";
import type { AppContext } from "../context";
import {
  createNamedQuery,
  deleteNamedQuery,
  namedQueries,
  namedQuery,
  namedQueryEvents,
} from "../domain/epcis/named-queries";
import type { Answer } from "../domain/epcis/query-documents";
import { message } from "../../schema/contract/messages";
import { badParameter } from "../domain/epcis/epcis-problem";
import { scopeOfRequest } from "./epcis-caller";
import type { RawQuery } from "../domain/epcis/query-parameters";
import { upgradeOf } from "./websocket-upgrade";

type Named = { Params: { name: string } };

export function registerNamedQueryRoutes(
  scope: FastifyInstance,
  ctx: AppContext,
  options: {
    readonly prefix: string;
    readonly permission: string;
    readonly answer: (request: FastifyRequest, reply: FastifyReply, result: Answer) => Record<string, unknown>;
    readonly nextLink: (request: FastifyRequest, token: string) => string;
  },
): void {
  const config = { access: { roles: [options.permission], partnerKeys: true } };
  const query = (request: FastifyRequest) => (request.query ?? {}) as RawQuery;
  scope.post("/queries", { config }, async (request, reply) => {
    const made = await createNamedQuery(ctx, authOf(request).accountId, request.body);
    void reply.status(201).header("location", `${options.prefix}/queries/${encodeURIComponent(made.name)}`);
    return made;
  });
  scope.get("/queries", { config }, async (request, reply) => {
    const page = await namedQueries(ctx, query(request));
    if (page.next) void reply.header("link", options.nextLink(request, page.next));
    return page.list;
  });
  scope.get<Named>("/queries/:name", { config }, async (request) => await namedQuery(ctx, request.params.name));
  scope.delete<Named>("/queries/:name", { config }, async (request, reply) => {
    const { accountId, grants } = authOf(request);
    await deleteNamedQuery(ctx, request.params.name, { accountId, admin: grants.admin });
    // Its streams in this process close now; another process's at their next round.
    scope.eventStreams.closeQuery(request.params.name);
    return reply.status(204).send();
  });
  scope.get<Named>("/queries/:name/events", { config }, async (request, reply) => {
    // With Upgrade: websocket and stream=true, a WebSocket subscription to the query (event-streams.ts).
    const upgrade = upgradeOf(request);
    if (upgrade) return await scope.eventStreams.open(request, reply, upgrade, request.params.name);
    if (query(request).stream !== undefined) throw badParameter(message("epcisSubscription.streamNeedsUpgrade"));
    return options.answer(
      request,
      reply,
      await namedQueryEvents(ctx, await scopeOfRequest(ctx, request), request.params.name, query(request)),
    );
  });
}
