// Account passwords live in _secrets under the account resource (employees), never in its
// table: employees.yaml has no password field, so the server owns it entirely.
import { hashPassword, verifyPassword } from "../auth/passwords";
import type { AppContext } from "../context";
import { readSecret, writeSecret } from "../resources/secrets";

export function passwordField(ctx: AppContext): string {
  return ctx.org.accounts?.secrets[0]?.name ?? "account_password";
}

export async function storePasswordHash(ctx: AppContext, accountId: number, hash: string): Promise<void> {
  const accounts = ctx.org.accounts;
  if (!accounts) throw new Error("The contract has no account resource (/api/org/employees/)");
  await writeSecret(ctx.store, accounts.resource.name, accountId, passwordField(ctx), hash);
}

export async function setPassword(ctx: AppContext, accountId: number, password: string): Promise<void> {
  await storePasswordHash(ctx, accountId, await hashPassword(password));
}

/** The account's stored password hash, if it has one. */
export async function passwordHashOf(ctx: AppContext, accountId: number | undefined): Promise<string | undefined> {
  const accounts = ctx.org.accounts;
  return accounts && accountId !== undefined
    ? await readSecret(ctx.store, accounts.resource.name, accountId, passwordField(ctx))
    : undefined;
}

export async function checkPassword(
  ctx: AppContext,
  accountId: number | undefined,
  password: string,
): Promise<boolean> {
  return verifyPassword(password, await passwordHashOf(ctx, accountId));
}

/** spec-free but sensible: 6 to 64 characters. */
