// employees.resetPassword (POST /api/org/employees/updatepassword, spec §7 updatepassword):
// an administrator sets another account's password: `new_password` if given, else the initial
// password. The account's other sessions end, and it must set its own password at the next
// sign-in.
import { requirePasswordChange } from "../auth/password-change";
import { hashPassword } from "../auth/passwords";
import { INITIAL_PASSWORD } from "../options";
import { PASSWORD_SCHEMA } from "../../schema/contract/calls";
import { storePasswordHash } from "./account-passwords";
import type { AppContext } from "../context";
import type { DomainHandler } from "../domain/domain-handler";

export const resetPassword: DomainHandler<AppContext> = {
  inputProperties: { new_password: PASSWORD_SCHEMA },
  prepare: ({ input }) => hashPassword(typeof input.new_password === "string" ? input.new_password : INITIAL_PASSWORD),
  run: async ({ ctx, id, session }, hash) => {
    await storePasswordHash(ctx, id!, hash as string);
    // An administrator's password is for one sign-in; resetting one's own is not.
    if (session?.accountId !== id) await requirePasswordChange(ctx.store, id!);
    const own = session?.accountId === id ? session?.token : undefined;
    await ctx.sessions.revokeAccount(id!, own);
    return undefined;
  },
};
