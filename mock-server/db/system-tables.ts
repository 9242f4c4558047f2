// Tables the server owns (not in the manifest). Their names start with "_", which a manifest
// identifier cannot, so they never collide with a resource.
import { tableColumns } from "./schema-catalog";
import type { Store } from "./store";

const DDL = `
CREATE TABLE IF NOT EXISTS _meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
-- Hashed secrets (password widgets), keyed by resource, row and field; never returned.
CREATE TABLE IF NOT EXISTS _secrets (
  resource TEXT NOT NULL, row_id INTEGER NOT NULL, field TEXT NOT NULL, hash TEXT NOT NULL,
  PRIMARY KEY (resource, row_id, field)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS _sessions (
  token_hash TEXT PRIMARY KEY, account_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, revoked_at INTEGER
);
-- Accounts that hold a password an administrator gave them (the initial one, a reset): they
-- must set their own at the next sign-in.
CREATE TABLE IF NOT EXISTS _password_change (account_id INTEGER PRIMARY KEY);
CREATE INDEX IF NOT EXISTS _sessions_account ON _sessions (account_id);
CREATE TABLE IF NOT EXISTS _menus (
  menu_key TEXT PRIMARY KEY, parent_key TEXT, menu_name TEXT NOT NULL, path TEXT NOT NULL,
  hidden INTEGER NOT NULL, open INTEGER NOT NULL, position INTEGER NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS _menu_buttons (
  menu_button_code TEXT PRIMARY KEY, menu_key TEXT NOT NULL, menu_button_name TEXT NOT NULL,
  action TEXT NOT NULL, position INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS _role_menus (
  role_id INTEGER NOT NULL, menu_key TEXT NOT NULL, PRIMARY KEY (role_id, menu_key)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS _role_buttons (
  role_id INTEGER NOT NULL, menu_button_code TEXT NOT NULL, PRIMARY KEY (role_id, menu_button_code)
) WITHOUT ROWID;
-- Every server-side list export: who, when, which list, which filters, how many rows.
CREATE TABLE IF NOT EXISTS _list_exports (
  id INTEGER PRIMARY KEY AUTOINCREMENT, account_id INTEGER NOT NULL, resource TEXT NOT NULL,
  format TEXT NOT NULL, query TEXT NOT NULL, rows INTEGER, status TEXT NOT NULL,
  started_at TIMESTAMPTZ NOT NULL, finished_at TIMESTAMPTZ
);
CREATE TABLE IF NOT EXISTS _login_attempts (
  scope TEXT NOT NULL, account_name TEXT NOT NULL, address TEXT NOT NULL,
  failures INTEGER NOT NULL, last_failure INTEGER NOT NULL, not_before INTEGER NOT NULL,
  PRIMARY KEY (scope, account_name, address)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS _login_attempts_address ON _login_attempts (address, scope);
CREATE INDEX IF NOT EXISTS _login_attempts_age ON _login_attempts (last_failure);
-- Every unlock, by an administrator or an operator: who, when, what was cleared.
CREATE TABLE IF NOT EXISTS _login_unlocks (
  id INTEGER PRIMARY KEY AUTOINCREMENT, unlocked_at TIMESTAMPTZ NOT NULL, actor TEXT NOT NULL,
  account_name TEXT, address TEXT, cleared INTEGER NOT NULL
);
-- A write's Idempotency-Key and the answer it got (http/idempotency/): one key per account, written
-- in the write's own transaction, so the write and its key commit together or not at all.
CREATE TABLE IF NOT EXISTS _idempotency_keys (
  account_id INTEGER NOT NULL, idempotency_key TEXT NOT NULL, route TEXT NOT NULL,
  request_hash TEXT NOT NULL, status INTEGER, body TEXT, created_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, idempotency_key)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS _idempotency_keys_age ON _idempotency_keys (created_at);
CREATE TABLE IF NOT EXISTS _login_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT, account_name TEXT NOT NULL, login_ip TEXT NOT NULL,
  user_agent TEXT, created_at TIMESTAMPTZ NOT NULL
);
`;

export async function createSystemTables(store: Store): Promise<void> {
  await store.exec(DDL);
  // A database whose sessions have no last_seen_at (the idle timeout's clock) gains the column.
  if (!(await tableColumns(store, "_sessions")).has("last_seen_at"))
    await store.exec("ALTER TABLE _sessions ADD COLUMN last_seen_at INTEGER");
  // One login-log row per session: the log call records a sign-in, and a session signs in once.
  if (!(await tableColumns(store, "_login_log")).has("session_hash"))
    await store.exec("ALTER TABLE _login_log ADD COLUMN session_hash TEXT");
  await store.exec(
    "CREATE UNIQUE INDEX IF NOT EXISTS _login_log_session ON _login_log (session_hash) WHERE session_hash IS NOT NULL",
  );
}

export async function readMeta(store: Store, key: string): Promise<string | undefined> {
  return (await store.get<{ value: string }>("SELECT value FROM _meta WHERE key = ?", [key]))?.value;
}

export async function writeMeta(store: Store, key: string, value: string): Promise<void> {
  await store.run(
    "INSERT INTO _meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
    [key, value],
  );
}
