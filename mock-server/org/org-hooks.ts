// Org rules on top of the generic writes: a new account gets the initial password
// (employees.yaml), a deleted account's sessions end, nobody deletes the account they are
// signed in with, and a deleted role takes its grants along.
import { requirePasswordChange } from "../auth/password-change";
import { hashPassword } from "../auth/passwords";
import type { AppContext } from "../context";
import { inUse } from "../refusals";
import { INITIAL_PASSWORD } from "../options";
import { storePasswordHash } from "./account-passwords";
import { isDisabled } from "./org-resources";
import { dropRoleGrants } from "./role-grants";
import { message } from "../../schema/contract/messages";

export function registerOrgHooks(ctx: AppContext): void {
  const { accounts, roles } = ctx.org;
  if (accounts) {
    // Every new account starts with the same, published initial password, so one salted hash per
    // server serves them all: scrypt per create capped account creation at ~36 per second
    // (bench/mock-server). A changed or reset password gets its own salt (account-passwords.ts).
    let initialPasswordHash: Promise<string> | undefined;
    ctx.hooks.add(accounts.resource.name, {
      prepareCreate: async (input) => {
        // A password field in the manifest wins; otherwise the server's initial password.
        const given = accounts.secrets.some(
          (column) => typeof input[column.name] === "string" && input[column.name] !== "",
        );
        return given ? undefined : (initialPasswordHash ??= hashPassword(INITIAL_PASSWORD));
      },
      afterCreate: async (id, _input, hash) => {
        if (typeof hash !== "string") return;
        // Two rows of their own, sent together: on PostgreSQL they share one round trip of the create.
        await Promise.all([
          storePasswordHash(ctx, id, hash),
          requirePasswordChange(ctx.store, id), // the initial password is published: it is for one sign-in
        ]);
      },
      afterUpdate: async (id, _input, _request, row) => {
        if (row && isDisabled(row)) await ctx.sessions.revokeAccount(id);
      },
      beforeDelete: (id, request) => {
        if (request.auth?.accountId === id) throw inUse(message("common.cannotDeleteSelf"));
      },
      afterDelete: async (id) => await ctx.sessions.revokeAccount(id),
    });
  }
  if (roles) ctx.hooks.add(roles.resource.name, { afterDelete: async (id) => await dropRoleGrants(ctx.store, id) });
}
