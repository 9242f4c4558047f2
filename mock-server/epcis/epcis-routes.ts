// The EPCIS 2.0 query interface (REST binding, JSON-LD) under /epcis, a thin adapter over
// domain/epcis/query-documents.ts: GET /epcis/events, /epcis/events/{eventID},
// /epcis/epcs/{epc}/events and the discovery lists; named queries (named-query-routes.ts) and
// capture (capture-routes.ts) share its scope. Every answer carries GS1's version headers;
// documents are application/ld+json, a next page is a Link rel="next"; refusals are problem bodies
// (epcis-problems.ts). Who may call: a session, or a partner client's API key (Authorization:
// Bearer, docs/decisions/0024), holding the `epcisquery` permission (0017), or `epciscapture` to
// capture (0021), checked by the access hook like every other call; `epcissubscribe` to manage
// subscriptions (0022). A dealer's caller sees only its dealer's events (epcis-caller.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import {
  DISCOVERY_LISTS,
  discovery,
  eventByHash,
  eventsOfEpc,
  queryEvents,
  type Answer,
} from "../domain/epcis/query-documents";
import type { RawQuery } from "../domain/epcis/query-parameters";
import { epcisErrorHandler } from "./epcis-problems";
import { message } from "../../schema/contract/messages";
import { notImplemented } from "../domain/epcis/epcis-problem";
import { registerCaptureRoutes } from "./capture-routes";
import { registerNamedQueryRoutes } from "./named-query-routes";
import { registerSubscriptionRoutes } from "./subscription-routes";
import { scopeOfRequest } from "./epcis-caller";
import { EPCIS_OPENAPI_PATH, epcisOpenApi } from "./epcis-openapi";
import { refuseUndeclaredParameters } from "./declared-parameters";

/** The permission (a menu key of the manifest) the interface needs. */
export const EPCIS_PERMISSION = "epcisquery";
export const EPCIS_PREFIX = "/epcis";
const LD_JSON = "application/ld+json";

/** The address of the next page: this request's, its nextPageToken replaced. */
function nextLink(request: FastifyRequest, token: string): string {
  const url = new URL(request.url, "http://next.invalid");
  url.searchParams.set("nextPageToken", token);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

function answer(request: FastifyRequest, reply: FastifyReply, result: Answer): Record<string, unknown> {
  if (result.next) void reply.header("link", nextLink(request, result.next));
  void reply.type(LD_JSON);
  return result.body;
}

export async function registerEpcisRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(
    (scope, _options, registered) => {
      scope.setErrorHandler(epcisErrorHandler);
      scope.addHook("onSend", (_request, reply, payload, done) => {
        void reply.header("GS1-EPCIS-Version", "2.0.0");
        void reply.header("GS1-CBV-Version", "2.0.0");
        done(null, payload);
      });
      const config = { access: { roles: [EPCIS_PERMISSION], partnerKeys: true } };
      // The interface's contract is public, as the console's /api/docs is.
      const openApi = epcisOpenApi();
      scope.addHook("preHandler", refuseUndeclaredParameters(openApi, EPCIS_PREFIX));
      scope.get(EPCIS_OPENAPI_PATH, { config: { access: { public: true } } }, () => openApi);
      const scope_ = (request: FastifyRequest) => scopeOfRequest(ctx, request);
      const query = (request: FastifyRequest) => (request.query ?? {}) as RawQuery;
      scope.get("/events", { config }, async (request, reply) =>
        answer(request, reply, await queryEvents(ctx, await scope_(request), query(request))),
      );
      scope.get<{ Params: { eventID: string } }>("/events/:eventID", { config }, async (request, reply) =>
        answer(request, reply, await eventByHash(ctx, await scope_(request), request.params.eventID)),
      );
      scope.get<{ Params: { epc: string } }>("/epcs/:epc/events", { config }, async (request, reply) =>
        answer(request, reply, await eventsOfEpc(ctx, await scope_(request), request.params.epc, query(request))),
      );
      // GS1's optional release of a page token: ours marks a place in the ledger's order and holds
      // nothing, so there is nothing to release; 204 would claim the token no longer works.
      scope.delete("/nextPageToken/:token", { config }, () => {
        throw notImplemented(message("epcis.pageTokenHoldsNothing"));
      });
      for (const list of DISCOVERY_LISTS)
        scope.get(`/${list}`, { config }, async (request, reply) =>
          answer(request, reply, await discovery(ctx, await scope_(request), list, query(request))),
        );
      registerNamedQueryRoutes(scope, ctx, { prefix: EPCIS_PREFIX, permission: EPCIS_PERMISSION, answer, nextLink });
      registerSubscriptionRoutes(scope, ctx, EPCIS_PREFIX);
      // Capture documents come as JSON-LD as often as JSON: the same parser reads both.
      scope.addContentTypeParser(LD_JSON, { parseAs: "string" }, scope.getDefaultJsonParser("error", "error"));
      registerCaptureRoutes(scope, ctx, EPCIS_PREFIX, nextLink);
      registered();
    },
    { prefix: EPCIS_PREFIX },
  );
}
