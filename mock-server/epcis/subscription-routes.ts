// Subscriptions to named queries (EPCIS 2.0 REST binding) under /epcis, a thin adapter over
// domain/epcis/subscriptions: POST /queries/{name}/subscriptions answers 201 with the
// subscription's Location, GET lists the query's subscriptions with their delivery state, GET and
// DELETE /queries/{name}/subscriptions/{id}, and POST …/{id}/pause and …/{id}/resume. Who may
// call: a session or a partner client's key holding `epcissubscribe` (a hidden menu of the
// manifest) that made the query, or an administrator (the rule is the domain's); not a dealer's
// caller. Delivery: subscription-deliverer.ts.
import type { FastifyInstance } from "fastify";
import { authOf } from "../auth/access";
import type { AppContext } from "../context";
import {
  createSubscription,
  deleteSubscription,
  setSubscriptionPaused,
  subscription,
  subscriptionsOf,
} from "../domain/epcis/subscriptions/subscriptions";
import { message } from "../../schema/contract/messages";
import { EpcisProblem } from "../domain/epcis/epcis-problem";
import { scopeOfRequest } from "./epcis-caller";

/** The permission (a menu key of the manifest) managing subscriptions needs. */
export const EPCIS_SUBSCRIBE_PERMISSION = "epcissubscribe";

type OfQuery = { Params: { name: string } };
type One = { Params: { name: string; id: string } };

export function registerSubscriptionRoutes(scope: FastifyInstance, ctx: AppContext, prefix: string): void {
  const config = { access: { roles: [EPCIS_SUBSCRIBE_PERMISSION], partnerKeys: true } };
  const callerOf = (request: Parameters<typeof authOf>[0]) => {
    const { accountId, grants } = authOf(request);
    return { accountId, admin: grants.admin };
  };
  scope.post<OfQuery>("/queries/:name/subscriptions", { config }, async (request, reply) => {
    const { name } = request.params;
    // Delivery reads the query's filter alone (subscription-events.ts), so it would send a dealer
    // other dealers' events: a dealer's caller is refused until delivery narrows by dealer.
    if ((await scopeOfRequest(ctx, request)).dealer)
      throw new EpcisProblem("SecurityException", message("epcisPartners.dealerSubscribes"));
    const made = await createSubscription(ctx, name, callerOf(request), request.body);
    const location = `${prefix}/queries/${encodeURIComponent(name)}/subscriptions/${made.subscriptionID}`;
    void reply.status(201).header("location", location);
    return made;
  });
  scope.get<OfQuery>(
    "/queries/:name/subscriptions",
    { config },
    async (request) => await subscriptionsOf(ctx, request.params.name, callerOf(request)),
  );
  scope.get<One>(
    "/queries/:name/subscriptions/:id",
    { config },
    async (request) => await subscription(ctx, request.params.name, request.params.id, callerOf(request)),
  );
  // Our extension of the binding: hold a subscription's delivery and let it go on (200, the subscription).
  for (const [verb, paused] of [
    ["pause", true],
    ["resume", false],
  ] as const)
    scope.post<One>(
      `/queries/:name/subscriptions/:id/${verb}`,
      { config },
      async (request) =>
        await setSubscriptionPaused(ctx, request.params.name, request.params.id, callerOf(request), paused),
    );
  scope.delete<One>("/queries/:name/subscriptions/:id", { config }, async (request, reply) => {
    await deleteSubscription(ctx, request.params.name, request.params.id, callerOf(request));
    return reply.status(204).send();
  });
}
