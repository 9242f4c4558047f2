// spec §7 login and logout. Login answers the token as data (spec §3); a failure is 401 40100,
// never a session code, so the console does not offer its logout prompt on the login page.
// Attempts are counted per account and address before the password is hashed (login-attempts.ts:
// 429 42900 with Retry-After while a failing source waits, a short hold when the account is being
// guessed from many addresses), hashing is bounded (hash-gate.ts), and every failure, a disabled
// account's correct password included, gives the same answer.
import type { FastifyReply } from "fastify";
import { setTimeout } from "node:timers/promises";
import type { AppContext } from "../context";
import { quoteIdent } from "../db/sql-names";
import { envelopeSchema } from "../envelope";
import { ApiError, ErrorCode, loginFailed, tooManyRequests } from "../refusals";
import { callRoute, type RouteTable } from "../http/route-table";
import { checkPassword } from "../org/account-passwords";
import { isDisabled } from "../org/org-resources";
import { CALLS } from "../../schema/contract/calls";
import { message } from "../../schema/contract/messages";
import { clientAddress } from "../http/client-address";
import { GateFull } from "./hash-gate";

/** When hashing is at capacity the sign-in is refused at once and may try again this soon. */
const BUSY_RETRY_MS = 1000;

function refuseFor(reply: FastifyReply, waitMs: number): ApiError {
  void reply.header("retry-after", Math.ceil(waitMs / 1000));
  return tooManyRequests(waitMs);
}

/** The contract's input, its account type narrowed to the manifest's types when it declares them. */
function loginSchema(ctx: AppContext): Record<string, unknown> {
  const input = CALLS.login.input;
  const accountTypes = ctx.contract.enums.account_type;
  if (!accountTypes) return input;
  return { ...input, properties: { ...input.properties, account_type: { type: "string", enum: accountTypes } } };
}

export function registerLoginRoutes(ctx: AppContext, routes: RouteTable): void {
  routes.add({
    ...callRoute(CALLS.login, { public: true }),
    input: loginSchema(ctx),
    response: envelopeSchema(CALLS.login.data),
    tags: ["sso"],
    handler: async (request, body, reply) => {
      const { accounts, accountName, accountType } = ctx.org;
      if (!accounts || !accountName) throw new ApiError(500, ErrorCode.internal, message("common.internal"));
      const name = String(body.account_name);
      const address = clientAddress(request);
      const reservation = await ctx.loginAttempts.reserve(name, address);
      if (reservation.refused) throw refuseFor(reply, reservation.waitMs);
      if (reservation.delayMs > 0) await setTimeout(reservation.delayMs);
      const row = await ctx.store.get<Record<string, unknown> & { id: number }>(
        `SELECT * FROM ${quoteIdent(accounts.table)} WHERE ${quoteIdent(accountName.name)} = ?`,
        [name],
      );
      let passwordOk: boolean;
      try {
        passwordOk = await ctx.signInHashing.run(() => checkPassword(ctx, row?.id, String(body.account_password)), {
          priority: reservation.cleanSource,
        });
      } catch (error) {
        if (!(error instanceof GateFull)) throw error;
        await ctx.loginAttempts.released(name, address);
        throw refuseFor(reply, BUSY_RETRY_MS);
      }
      const type = row && accountType ? row[accountType.name] : null;
      const typeOk = typeof body.account_type !== "string" || type == null || type === body.account_type;
      if (!row || !passwordOk || !typeOk || isDisabled(row)) {
        await ctx.loginAttempts.failed(name);
        throw loginFailed();
      }
      await ctx.loginAttempts.succeeded(name, address);
      return await ctx.sessions.create(row.id);
    },
  });

  routes.add({
    // Logging out with an ended session still succeeds: the console is leaving anyway.
    ...callRoute(CALLS.logout, { public: true }),
    response: envelopeSchema({ type: "null" }),
    tags: ["sso"],
    handler: async (request) => {
      const token = request.headers.token;
      if (typeof token === "string" && token !== "") await ctx.sessions.revoke(token);
      return null;
    },
  });
}
