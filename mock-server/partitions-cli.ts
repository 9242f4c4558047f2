// `npm run partitions -- ensure | detach <table> <YYYY-MM>` on the PostgreSQL database in
// DATABASE_URL (db/partitions/partitions-command.ts says what each does). The server may be running.
import { createContext } from "./context";
import { PartitionsCommandError, runPartitionsCommand } from "./db/partitions/partitions-command";
import { contract } from "./generated/contract.gen";
import { databaseLocation, resolveOptions } from "./options";

const location = databaseLocation(process.env);
// Checked before opening: opening a SQLite path would create the file.
if (!/^postgres(ql)?:\/\//.test(location)) {
  console.error("partitions are PostgreSQL's: set DATABASE_URL to a postgres:// URL");
  process.exit(1);
}
const ctx = createContext(resolveOptions({ contract, dbFile: location, seed: false, docs: false }));
try {
  for (const line of await runPartitionsCommand(ctx, process.argv.slice(2))) console.log(line);
} catch (error) {
  if (!(error instanceof PartitionsCommandError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await ctx.store.close();
}
