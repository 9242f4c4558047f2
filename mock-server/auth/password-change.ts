// Accounts holding a password an administrator gave them (the published initial password, or a
// reset) must set their own at the next sign-in before anything else works (issue 13 item 1).
import type { Store } from "../db/store";

export function requirePasswordChange(store: Store, accountId: number): void {
  store.run("INSERT OR IGNORE INTO _password_change (account_id) VALUES (?)", [accountId]);
}

export function passwordChanged(store: Store, accountId: number): void {
  store.run("DELETE FROM _password_change WHERE account_id = ?", [accountId]);
}

export function mustChangePassword(store: Store, accountId: number): boolean {
  return store.get("SELECT 1 AS yes FROM _password_change WHERE account_id = ?", [accountId]) !== undefined;
}
