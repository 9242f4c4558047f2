// employees.unlock (POST /api/org/employees/unlock): an administrator clears the sign-in counts of
// an account name: its own, every address's count for it, and the locks of the addresses that
// failed for it (auth/login-attempts.ts). The unlock is logged in _login_unlocks.
import type { AppContext } from "../context";
import type { DomainHandler } from "../domain/domain-handler";

export const unlockAccount: DomainHandler<AppContext> = {
  run: async ({ ctx, row, actor }) => {
    const name = ctx.org.accountName && row ? row[ctx.org.accountName.name] : undefined;
    if (typeof name === "string") await ctx.loginAttempts.unlockAccount(name, actor.account ?? "system");
    return undefined;
  },
};
