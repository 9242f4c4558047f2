// Accounts holding a password an administrator gave them (the published initial password, or a
// reset) must set their own at the next sign-in before anything else works: a published or
// shared password is good for one sign-in. Every signed-in call asks (the access hook), so the
// answer is kept per account.
// A write forgets the account's answer rather than setting it: if the write's transaction rolls
// back, the next call reads what was committed.
import type { Store } from "../db/store";

/** Accounts' answers kept per store; past this many the map starts over. */
const KEPT_ACCOUNTS = 50_000;
const kept = new WeakMap<Store, Map<number, boolean>>();

function answersOf(store: Store): Map<number, boolean> {
  let answers = kept.get(store);
  if (!answers) kept.set(store, (answers = new Map<number, boolean>()));
  return answers;
}

export async function requirePasswordChange(store: Store, accountId: number): Promise<void> {
  answersOf(store).delete(accountId);
  await store.run("INSERT OR IGNORE INTO _password_change (account_id) VALUES (?)", [accountId]);
}

export async function passwordChanged(store: Store, accountId: number): Promise<void> {
  answersOf(store).delete(accountId);
  await store.run("DELETE FROM _password_change WHERE account_id = ?", [accountId]);
}

export async function mustChangePassword(store: Store, accountId: number): Promise<boolean> {
  const answers = answersOf(store);
  let must = answers.get(accountId);
  if (must === undefined) {
    must = (await store.get("SELECT 1 AS yes FROM _password_change WHERE account_id = ?", [accountId])) !== undefined;
    if (answers.size >= KEPT_ACCOUNTS) answers.clear();
    answers.set(accountId, must);
  }
  return must;
}
