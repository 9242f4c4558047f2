// spec §7 login and logout. Login answers the token as data (spec §3); a failure is 401 40100,
// never a session code, so the console does not offer its logout prompt on the login page.
// issue 13: failures are throttled per account name and per address (429 42900 while waiting),
// and every failure, a disabled account's correct password included, gives the same answer.
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
      const throttle = ctx.loginThrottle;
      const wait = throttle.waitMs(name, clientAddress(request));
      if (wait > 0) {
        void reply.header("retry-after", Math.ceil(wait / 1000));
        throw tooManyRequests(wait);
      }
      const row = ctx.store.get<Record<string, unknown> & { id: number }>(
        `SELECT * FROM ${quoteIdent(accounts.table)} WHERE ${quoteIdent(accountName.name)} = ?`,
        [name],
      );
      const passwordOk = await checkPassword(ctx, row?.id, String(body.account_password));
      const type = row && accountType ? row[accountType.name] : null;
      const typeOk = typeof body.account_type !== "string" || type == null || type === body.account_type;
      if (!row || !passwordOk || !typeOk || isDisabled(row)) {
        throttle.fail(name, clientAddress(request));
        throw loginFailed();
      }
      throttle.succeed(name);
      return ctx.sessions.create(row.id);
    },
  });

  routes.add({
    // Logging out with an ended session still succeeds: the console is leaving anyway.
    ...callRoute(CALLS.logout, { public: true }),
    response: envelopeSchema({ type: "null" }),
    tags: ["sso"],
    handler: (request) => {
      const token = request.headers.token;
      if (typeof token === "string" && token !== "") ctx.sessions.revoke(token);
      return null;
    },
  });
}
