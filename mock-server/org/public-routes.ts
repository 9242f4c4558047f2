// Calls of the login page (spec §7): the ICP record, without a token, and the login log, which
// the console sends right after signing in, with that new session.
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { authOf } from "../auth/access";
import type { AppContext } from "../context";
import { cellText } from "../db/cell-text";
import { quoteIdent } from "../db/sql-names";
import { envelopeSchema, ok } from "../envelope";
import { notFound } from "../refusals";
import { callRoute, EMPTY_QUERY, type RouteTable } from "../http/route-table";
import { clientAddress } from "../http/client-address";
import { CALLS } from "../../schema/contract/calls";
import { message } from "../../schema/contract/messages";
import { businessZone } from "../time/business-zone";

const ICP_FIELDS = ["icp_record", "icp_url", "enterprise_name"] as const;

export function registerIcpNoAuthRoute(ctx: AppContext, routes: RouteTable): void {
  routes.add({
    // The enterprise_code input is bounded in the contract and only ever bound as a value.
    ...callRoute(CALLS.enterpriseIcp, { public: true }),
    response: envelopeSchema({
      type: "object",
      properties: {
        ...Object.fromEntries(ICP_FIELDS.map((name) => [name, { type: ["string", "null"] }])),
        time_zone: { type: "string" },
      },
    }),
    tags: ["enterprise"],
    handler: async (_request, query) => {
      const info = ctx.org.enterprise;
      if (!info || !info.byName.has("enterprise_code")) throw notFound(message("org.noEnterprise"));
      const columns = ICP_FIELDS.filter((name) => info.byName.has(name));
      const row = await ctx.store.get<Record<string, unknown>>(
        `SELECT ${columns.map(quoteIdent).join(", ")} FROM ${quoteIdent(info.table)} WHERE "enterprise_code" = ? LIMIT 1`,
        [query.enterprise_code as string],
      );
      if (!row) throw notFound(message("org.noEnterprise"));
      // The business time zone too: the console counts days and shows times in it from the start.
      return {
        ...Object.fromEntries(ICP_FIELDS.map((name) => [name, row[name] ?? null])),
        time_zone: await businessZone(ctx),
      };
    },
  });
}

/** The login log may be written by a session that must still change its password: it did sign in. */
const LOGIN_LOG_ACCESS = { beforePasswordChange: true } as const;

/**
 * spec §7: POST /api/org/loginlog/add lives on a different base URL. It is served both at the
 * API's own path and under /loginlog, so a console configured with a separate base URL
 * (http://host:3000/loginlog) reaches it too.
 */
export function registerLoginLogRoutes(ctx: AppContext, app: FastifyInstance, routes: RouteTable): void {
  const handler = async (request: FastifyRequest) => {
    const auth = authOf(request);
    const { accounts, accountName } = ctx.org;
    const row = accounts && accountName ? await ctx.records.row(accounts, auth.accountId) : undefined;
    // One row per session: the call records a sign-in, and a session signs in once.
    await ctx.store.run(
      "INSERT INTO _login_log (account_name, login_ip, user_agent, created_at, session_hash) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      [
        cellText(row?.[accountName!.name] ?? auth.accountId),
        clientAddress(request),
        request.headers["user-agent"]?.slice(0, 300) ?? null,
        ctx.records.now(),
        createHash("sha256").update(auth.token).digest("hex"),
      ],
    );
    return null;
  };
  const { path } = CALLS.loginLog.endpoint;
  routes.add({
    ...callRoute(CALLS.loginLog, LOGIN_LOG_ACCESS),
    response: envelopeSchema({ type: "null" }),
    tags: ["loginlog"],
    handler: async (request) => await handler(request),
  });
  app.post(`/loginlog${path}`, {
    schema: { body: CALLS.loginLog.input, querystring: EMPTY_QUERY, hide: true },
    config: { access: LOGIN_LOG_ACCESS },
    handler: async (request) => ok(await handler(request)),
  });
}
