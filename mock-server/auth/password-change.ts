// Accounts holding a password an administrator gave them (the published initial password, or a
// reset) must set their own at the next sign-in before anything else works: a published or
// shared password is good for one sign-in. Every signed-in call asks (the access hook), so the
// answer is kept per account.
// A write forgets the account's answer rather than setting it: if the write's transaction rolls
// back, the next call reads what was committed. It is announced to the other processes on the
// database (db/change-feed.ts), which forget the account's answer when they hear it.
import type { Store } from "../db/store";

/** Accounts' answers kept per store; past this many the map starts over. */
const KEPT_ACCOUNTS = 50_000;

interface Answers {
  readonly byAccount: Map<number, boolean>;
  /**
   * Moves at every write. A read that overlaps a write (its SELECT may have run just before the
   * write's statement) answers its call but keeps nothing.
   */
  writes: number;
}

const kept = new WeakMap<Store, Answers>();
const TOPIC = "_password_change";

function answersOf(store: Store): Answers {
  let answers = kept.get(store);
  if (!answers) {
    const fresh: Answers = { byAccount: new Map<number, boolean>(), writes: 0 };
    kept.set(store, (answers = fresh));
    store.onChange(TOPIC, (key) => forget(fresh, key === undefined ? undefined : Number(key)));
    store.onReset(() => forget(fresh, undefined));
  }
  return answers;
}

/** Forgets one account's answer (undefined: every account's); a read under way keeps nothing. */
function forget(answers: Answers, accountId: number | undefined): void {
  answers.writes += 1;
  if (accountId === undefined) answers.byAccount.clear();
  else answers.byAccount.delete(accountId);
}

/** Forgets the account's answer around `write`: before it, and again after it for a read that ran meanwhile. */
async function writing(store: Store, accountId: number, write: () => Promise<unknown>): Promise<void> {
  const answers = answersOf(store);
  forget(answers, accountId);
  await write();
  forget(answers, accountId);
  await store.announce({ topic: TOPIC, key: String(accountId) });
}

export function requirePasswordChange(store: Store, accountId: number): Promise<void> {
  return writing(store, accountId, () =>
    store.run("INSERT INTO _password_change (account_id) VALUES (?) ON CONFLICT DO NOTHING", [accountId]),
  );
}

export function passwordChanged(store: Store, accountId: number): Promise<void> {
  return writing(store, accountId, () => store.run("DELETE FROM _password_change WHERE account_id = ?", [accountId]));
}

/** mustChangePassword()'s kept answer, if the account has one. */
export function keptMustChangePassword(store: Store, accountId: number): boolean | undefined {
  return answersOf(store).byAccount.get(accountId);
}

export async function mustChangePassword(store: Store, accountId: number): Promise<boolean> {
  const known = keptMustChangePassword(store, accountId);
  if (known !== undefined) return known;
  const answers = answersOf(store);
  const writes = answers.writes;
  const must =
    (await store.get("SELECT 1 AS yes FROM _password_change WHERE account_id = ?", [accountId])) !== undefined;
  if (answers.writes !== writes) return must;
  if (answers.byAccount.size >= KEPT_ACCOUNTS) answers.byAccount.clear();
  answers.byAccount.set(accountId, must);
  return must;
}
