// spec §7 employees/updatepasswordself (and updatepassword when the contract does not already
// declare it as an action): passwords change only through these calls.
import { authOf } from "../auth/access";
import { passwordChanged, requirePasswordChange } from "../auth/password-change";
import { hashPassword, verifyPassword } from "../auth/passwords";
import type { AppContext } from "../context";
import { envelopeSchema } from "../envelope";
import { invalid, recordMissing } from "../refusals";
import { callRoute, type RouteTable } from "../http/route-table";
import { CALLS } from "../../schema/contract/calls";
import { writeRoles } from "../resources/entity-routes";
import { PASSWORD_SCHEMA } from "../../schema/contract/calls";
import { INITIAL_PASSWORD } from "../options";
import { passwordHashOf, storePasswordHash } from "./account-passwords";
import { message } from "../../schema/contract/messages";

const BASE = "/api/org/employees";

export function registerAccountRoutes(ctx: AppContext, routes: RouteTable): void {
  const accounts = ctx.org.accounts;
  if (!accounts) return;
  const tags = [accounts.resource.name];
  routes.add({
    ...callRoute(CALLS.changeOwnPassword, { beforePasswordChange: true }),
    response: envelopeSchema({ type: "null" }),
    tags,
    handler: async (request, body) => {
      const auth = authOf(request);
      const current = await passwordHashOf(ctx, auth.accountId);
      if (!(await verifyPassword(String(body.old_password), current)))
        throw invalid("old_password", message("org.wrongCurrentPassword"));
      if (body.old_password === body.new_password) throw invalid("new_password", message("org.passwordUnchanged"));
      // Keeping the published initial password would undo the forced change.
      if (body.new_password === INITIAL_PASSWORD) throw invalid("new_password", message("org.passwordInitial"));
      const hash = await hashPassword(String(body.new_password));
      await ctx.store.transaction(async () => {
        // The old password was checked before hashing (two awaits ago): if another call changed it
        // since, the password this call proved is no longer the current one.
        if ((await passwordHashOf(ctx, auth.accountId)) !== current)
          throw invalid("old_password", message("org.wrongCurrentPassword"));
        await storePasswordHash(ctx, auth.accountId, hash);
        await passwordChanged(ctx.store, auth.accountId);
        await ctx.sessions.revokeAccount(auth.accountId, auth.token);
      });
      return null;
    },
  });

  const updatePassword = { method: "POST", path: `${BASE}/updatepassword` } as const;
  if (routes.has(updatePassword)) return; // the manifest's resetPassword action serves it
  routes.add({
    endpoint: updatePassword,
    owner: "employees.updatepassword",
    access: { roles: writeRoles(accounts, "edit") },
    input: {
      type: "object",
      additionalProperties: false,
      required: ["id", "new_password"],
      properties: { id: { type: "integer", minimum: 1 }, new_password: PASSWORD_SCHEMA },
    },
    response: envelopeSchema({ type: "null" }),
    tags,
    summary: "Set another account's password; its sessions end",
    handler: async (request, body) => {
      const id = body.id as number;
      if (!(await ctx.records.row(accounts, id))) throw recordMissing(accounts.resource.name, id);
      const hash = await hashPassword(String(body.new_password));
      const own = authOf(request);
      await ctx.store.transaction(async () => {
        // Again inside the transaction: the account may have been deleted while the password was hashed.
        if (!(await ctx.records.row(accounts, id))) throw recordMissing(accounts.resource.name, id);
        await storePasswordHash(ctx, id, hash);
        // An administrator's password is for one sign-in; their own stays theirs.
        if (own.accountId !== id) await requirePasswordChange(ctx.store, id);
        await ctx.sessions.revokeAccount(id, own.accountId === id ? own.token : undefined);
      });
      return null;
    },
  });
}
