// spec §7 login and logout. Login answers the token as data (spec §3); a failure is 401 40100,
// never a session code, so the console does not offer its logout prompt on the login page.
// issue 13: failures are throttled per account name and per address (429 42900 while waiting),
// and every failure, a disabled account's correct password included, gives the same answer.
import type { AppContext } from "../context";
import { quoteIdent } from "../db/sql-names";
import { envelopeSchema } from "../envelope";
import { ApiError, ErrorCode, loginFailed, tooManyRequests } from "../errors";
import type { RouteTable } from "../http/route-table";
import { checkPassword } from "../org/account-passwords";
import { isDisabled } from "../org/org-resources";

function loginSchema(ctx: AppContext): Record<string, unknown> {
  const accountTypes = ctx.contract.enums.account_type;
  return {
    type: "object",
    additionalProperties: false,
    required: ["account_name", "account_password"],
    properties: {
      // " admin " is not admin (issue 13): no leading or trailing space, nothing trimmed.
      account_name: { type: "string", minLength: 1, maxLength: 64, pattern: "^\\S(.*\\S)?$" },
      account_password: { type: "string", minLength: 1, maxLength: 128 },
      account_type: accountTypes ? { type: "string", enum: accountTypes } : { type: "string", maxLength: 32 },
      // spec §3: always sent as 1
      permissions: { type: ["integer", "string"] },
    },
  };
}

export function registerLoginRoutes(ctx: AppContext, routes: RouteTable): void {
  routes.add({
    endpoint: { method: "POST", path: "/api/sso/login" },
    owner: "sso.login",
    access: { public: true },
    input: loginSchema(ctx),
    response: envelopeSchema({ type: "string", description: "The session token; send it as the Token header" }),
    tags: ["sso"],
    summary: "Log in (spec §7); data is the token",
    handler: async (request, body, reply) => {
      const { accounts, accountName, accountType } = ctx.org;
      if (!accounts || !accountName) throw new ApiError(500, ErrorCode.internal, "The contract has no account resource");
      const name = String(body.account_name);
      const throttle = ctx.loginThrottle;
      const wait = throttle.waitMs(name, request.ip);
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
        throttle.fail(name, request.ip);
        throw loginFailed();
      }
      throttle.succeed(name);
      return ctx.sessions.create(row.id);
    },
  });

  routes.add({
    endpoint: { method: "POST", path: "/api/sso/loginout" },
    owner: "sso.loginout",
    // Logging out with an ended session still succeeds: the console is leaving anyway.
    access: { public: true },
    response: envelopeSchema({ type: "null" }),
    tags: ["sso"],
    summary: "Log out (spec §7): the token stops working",
    handler: (request) => {
      const token = request.headers.token;
      if (typeof token === "string" && token !== "") ctx.sessions.revoke(token);
      return null;
    },
  });
}
