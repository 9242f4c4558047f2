// `npm run db:partition -- --database-url <postgres://…>` (default DATABASE_URL): converts a
// PostgreSQL database's plain growing tables to the partitioned layout in place, in one transaction
// (db/partitions/convert-layout.ts). Every server process on the database must be stopped first: the
// command refuses while one is connected, and holds its tables exclusively until it commits.
import { parseArgs } from "node:util";
import { prepareDatabase } from "./app";
import { createContext } from "./context";
import { openEngine } from "./db/engine/open-engine";
import { ConversionRefusal, convertToPartitionedLayout } from "./db/partitions/convert-layout";
import { Store } from "./db/store";
import { contract } from "./generated/contract.gen";
import { resolveOptions } from "./options";

const USAGE = "usage: npm run db:partition -- --database-url postgres://… (default: DATABASE_URL)";
const { values } = (() => {
  try {
    return parseArgs({ options: { "database-url": { type: "string" } } });
  } catch {
    console.error(USAGE);
    process.exit(1);
  }
})();
const url = values["database-url"] ?? process.env.DATABASE_URL ?? "";
// Checked before opening: the layout is PostgreSQL's, and opening a SQLite path would create the file.
if (!/^postgres(ql)?:\/\//.test(url)) {
  console.error(`the partitioned layout is PostgreSQL's: give a postgres:// URL. ${USAGE}`);
  process.exit(1);
}
// A store of its own that listens for no changes: a listening connection is how a running server is told.
const ctx = createContext(
  resolveOptions({ contract, dbFile: url, seed: false, docs: false, partitionedLayout: true }),
  new Store(openEngine(url)),
);
const started = performance.now();
try {
  const converted = await convertToPartitionedLayout(ctx, prepareDatabase);
  for (const { table, rows, months } of converted)
    console.log(
      `${table}: ${rows} rows copied${months.length ? `; month partitions made for ${months.join(", ")}` : ""}`,
    );
  console.log(`converted to the partitioned layout in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  if (!(error instanceof ConversionRefusal)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await ctx.store.close();
}
