// `npm run seed [-- --scale N] [--only a,b] [--anchor YYYY-MM-DD] [--days N]`: replace the database
// in DB_FILE with fresh deterministic demo data, with N days of history before the anchor (default
// 90). The server must not be running on that file.
import { parseArgs } from "node:util";
import { prepareAsApp } from "./app";
import { createContext } from "./context";
import { emptyDatabase } from "./db/empty-database";
import { contract } from "./generated/contract.gen";
import { databaseLocation, partitionedLayoutFromEnv, resolveOptions } from "./options";
import { publicOriginFromEnv } from "./public-origin";
import { demoAccountsLine, seedDatabase } from "./seed/seed-database";
import { DEFAULT_HISTORY_DAYS } from "./seed/history-calendar";

const { values } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    only: { type: "string" },
    anchor: { type: "string" },
    days: { type: "string", default: String(DEFAULT_HISTORY_DAYS) },
    "db-file": { type: "string" },
  },
});
const scale = Number(values.scale);
if (!Number.isFinite(scale) || scale <= 0) throw new Error(`--scale must be a positive number, got ${values.scale}`);
const days = Number(values.days);
if (!Number.isInteger(days) || days < 0) throw new Error(`--days must be a whole number of days, got ${values.days}`);
const dbFile = values["db-file"] ?? databaseLocation(process.env);

await emptyDatabase(dbFile);
const options = resolveOptions({
  contract,
  dbFile,
  seedAnchor: values.anchor,
  partitionedLayout: partitionedLayoutFromEnv(process.env),
  // Seeded images point at the server that will serve this file.
  publicOrigin: publicOriginFromEnv(process.env),
});
const ctx = createContext(options);
// Prepared as the app prepares its own database, write hooks included, so a seed here equals a first start's.
const prepare = async (context: typeof ctx) => void (await prepareAsApp(context));
await prepare(ctx);
const started = Date.now();
const report = await seedDatabase(ctx, {
  scale,
  anchor: options.seedAnchor,
  only: values.only?.split(","),
  publicOrigin: options.publicOrigin,
  days,
  prepareScratch: prepare,
});
// Closing folds the WAL into the file and removes it (store.ts), so the file stands alone.
await ctx.store.close();
const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
const { history } = report;
console.log(
  `Seeded ${rows} rows in ${report.tables.length} tables into ${dbFile} in ${Date.now() - started} ms (scale ${scale}; ` +
    (history.days ? `${history.days} days of history, ${history.first} to ${history.last}).` : "no history)."),
);
console.log(demoAccountsLine());
