// `npm run unlock -- <account>` or `npm run unlock -- --address <ip>`: an operator's way back to
// sign-in that needs no live session. It clears the counts in the database (DATABASE_URL or DB_FILE; the server may be running
// on it: the database is shared, and the next attempt reads the cleared state) and records the
// unlock in _login_unlocks with the operator's name.
import { isPostgresUrl } from "../db/engine/open-engine";
import { existsSync } from "node:fs";
import { userInfo } from "node:os";
import { parseArgs } from "node:util";
import { openStore } from "../db/store";
import { databaseLocation } from "../options";
import { createSystemTables } from "../db/system-tables";
import { LoginAttempts } from "./login-attempts";

const USAGE = "usage: npm run unlock -- <account name> | --address <ip address>  [--db-file <file>]";

export async function unlock(
  dbFile: string,
  target: { account?: string; address?: string },
  actor: string,
): Promise<string> {
  if (!isPostgresUrl(dbFile) && !existsSync(dbFile))
    throw new Error(`no database at ${dbFile} (set DATABASE_URL, DB_FILE or --db-file)`);
  const store = openStore(dbFile);
  try {
    await createSystemTables(store);
    const attempts = new LoginAttempts(store, Date.now);
    if (target.account !== undefined) {
      const { cleared } = await attempts.unlockAccount(target.account, actor);
      return `unlocked account '${target.account}' in ${dbFile}: ${cleared} count(s) cleared, logged as ${actor}`;
    }
    const { cleared } = await attempts.unlockAddress(target.address!, actor);
    return `unlocked address ${target.address} in ${dbFile}: ${cleared} count(s) cleared, logged as ${actor}`;
  } finally {
    await store.close();
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { address: { type: "string" }, "db-file": { type: "string" } },
  });
  const account = positionals[0];
  if ((account === undefined) === (values.address === undefined) || positionals.length > 1) {
    console.error(USAGE);
    process.exit(2);
  }
  const dbFile = values["db-file"] ?? databaseLocation(process.env);
  console.log(await unlock(dbFile, { account, address: values.address }, `operator:${userInfo().username}`));
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
