// spec §7 login and logout. Login answers the token as data (spec §3); a failure is 401 40100,
// never a session code, so the console does not offer its logout prompt on the login page.
import type { AppContext } from "../context";
import { quoteIdent } from "../db/sql-names";
import { envelopeSchema } from "../envelope";
import { ApiError, ErrorCode, loginFailed } from "../errors";
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
    handler: async (_request, body) => {
      const { accounts, accountName, accountType } = ctx.org;
      if (!accounts || !accountName) throw new ApiError(500, ErrorCode.internal, "The contract has no account resource");
      const row = ctx.store.get<Record<string, unknown> & { id: number }>(
        `SELECT * FROM ${quoteIdent(accounts.table)} WHERE ${quoteIdent(accountName.name)} = ?`,
        [String(body.account_name)],
      );
      const passwordOk = await checkPassword(ctx, row?.id, String(body.account_password));
      if (!row || !passwordOk) throw loginFailed();
      const type = accountType ? row[accountType.name] : null;
      if (typeof body.account_type === "string" && type != null && type !== body.account_type) throw loginFailed();
      if (isDisabled(row)) throw new ApiError(401, ErrorCode.loginFailed, "This account is disabled");
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
