// employees.unlock (POST /api/org/employees/unlock): an administrator ends the
// sign-in lock and delays of an account name (auth/login-throttle.ts). The address's own count
// stays: an unlock is about the person, not about whoever was guessing.
import type { DomainHandler } from "./domain-handler";

export const unlockAccount: DomainHandler = {
  run: ({ ctx, row }) => {
    const name = ctx.org.accountName && row ? row[ctx.org.accountName.name] : undefined;
    if (typeof name === "string") ctx.loginThrottle.accounts.clear(name);
    return undefined;
  },
};
