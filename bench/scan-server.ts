// The server bench/scan.ts measures, in its own process, on its own database file.
//   seed:  the demo data (seed scale 0.2), then BENCH_CODES trace codes bulk-loaded straight into
//          trace_codes (scan-codes.ts, scan-load.ts; the generation job would take ~25 minutes for
//          10M); writes the codes to scan (picks.json) and exits.
// The database: DATABASE_URL (a PostgreSQL database, bench/bench-engine.ts) when set, else a SQLite
// file in WORK_DIR.
//   serve: the real app on that file, request logging on (to server.log), X-Forwarded-For
//          believed from 127.0.0.1 (the proxy in front of the public pages), plus one bench-only
//          route, GET /bench/scan-lookup?code=: the scan's lookup and answer with no write, the
//          read-only baseline, and GET /bench/empty, the HTTP stack's floor. Only this file
//          registers them; the production app cannot reach them.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildApp } from "../mock-server/app";
import { removeDatabaseFiles } from "../mock-server/db/open-database";
import { contract } from "../mock-server/generated/contract.gen";
import { envelopeSchema } from "../mock-server/envelope";
import { CALLS } from "../schema/contract/calls";
import { lookUpCode, PUBLIC_SCAN_PER_MINUTE, scanThreshold } from "../mock-server/public/consumer-scan";
import { tooManyRequests } from "../mock-server/refusals";
import { guessBlock } from "../mock-server/domain/scan-warnings/raise-warning";
import type { AppContext } from "../mock-server/context";
import { xorshift } from "./scan-codes";
import { loadCodesIntoPostgres, loadCodesIntoSqlite } from "./scan-load";
import { loadLedgerListsIntoSqlite } from "./ledger-load";
import { saysReady, superviseScanWorkers } from "./scan-processes";

const work = process.env.WORK_DIR!;
const postgresUrl = process.env.DATABASE_URL;
const dbFile = postgresUrl || join(work, "bench.db");
const mode = process.argv[2];

/** Chinese networks' first octets: most of their addresses resolve to a region. */
const CN_OCTETS = [
  36, 39, 42, 49, 58, 59, 60, 61, 101, 106, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124,
  125, 180, 182, 183, 202, 210, 211, 218, 219, 220, 221, 222, 223,
];

/**
 * Networks (/24 prefixes) by the province ip2region places them in, found by sampling addresses
 * through the server's own lookup: the bench sends a code's scans from its dealer's province.
 */
function networksByProvince(ctx: AppContext, perProvince: number): Record<string, string[]> {
  const random = xorshift(7);
  const networks: Record<string, string[]> = {};
  for (let tried = 0; tried < 300_000; tried += 1) {
    const prefix = `${CN_OCTETS[Math.floor(random() * CN_OCTETS.length)]}.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}`;
    const region = ctx.options.ipRegions(`${prefix}.1`);
    if (!region || ctx.options.ipRegions(`${prefix}.254`) !== region) continue;
    const list = (networks[region.slice(0, 2)] ??= []);
    if (list.length < perProvince) list.push(prefix);
  }
  return networks;
}

if (mode === "seed") {
  if (!postgresUrl) removeDatabaseFiles(dbFile);
  const app = await buildApp({ contract, dbFile, seedScale: 0.2, docs: false });
  await app.ready();
  const started = Date.now();
  const { store, records } = app.consoleContext;
  const count = Number(process.env.BENCH_CODES);
  const picks = postgresUrl
    ? await loadCodesIntoPostgres(store, postgresUrl, count, records.now())
    : await loadCodesIntoSqlite(store, count, records.now());
  // bench:deep-pages --ledger: the ledger's lists as long as the codes (ledger-load.ts).
  const ledgerRows = Number(process.env.BENCH_LEDGER_ROWS ?? 0);
  if (ledgerRows > 0) {
    if (postgresUrl) throw new Error("BENCH_LEDGER_ROWS: the ledger's lists are loaded on SQLite only");
    console.error(`ledger lists: ${JSON.stringify(loadLedgerListsIntoSqlite(store, ledgerRows, records.now()))}`);
  }
  const total = (await app.consoleContext.store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM trace_codes`))!.n;
  writeFileSync(
    join(work, "picks.json"),
    JSON.stringify({ ...picks, networks: networksByProvince(app.consoleContext, 24) }),
  );
  await app.close();
  console.log(JSON.stringify({ seeded: total, seconds: (Date.now() - started) / 1000 }));
} else if (!superviseScanWorkers()) {
  const app = await buildApp({
    contract,
    dbFile,
    docs: false,
    trustProxy: "127.0.0.1",
    logger: { level: "info", file: join(work, "server.log") },
  });
  const ctx = app.consoleContext;
  // The public scan's per-address limit, so both bench routes pay for it as the scan does.
  const perAddress = { rateLimit: { max: PUBLIC_SCAN_PER_MINUTE, timeWindow: 60_000 } };
  // The baseline: what the scan reads and answers (block check, code, verdict, product), no write.
  app.get(
    "/bench/scan-lookup",
    { config: perAddress, schema: { response: { 200: envelopeSchema(CALLS.consumerScan.data) } } },
    async (request) => {
      const code = String((request.query as { code?: string }).code ?? "");
      const now = ctx.records.now();
      const wait = await guessBlock(ctx, request.ip, now);
      if (wait > 0) throw tooManyRequests(wait * 1000, "common.tooManyUnknownCodes");
      const { answer } = await lookUpCode(ctx, code, await scanThreshold(ctx), now);
      return { status_code: 200, message: "ok", code: 0, data: answer };
    },
  );
  // The floor: the same stack (proxy address, rate limit, helmet, logging, envelope) answering nothing.
  app.get("/bench/empty", { config: perAddress }, () => ({
    status_code: 200,
    message: "ok",
    code: 0,
    data: null,
  }));
  await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
  // SIGINT from bench/scan.ts: close (the database too) and exit, which writes a --cpu-prof profile.
  process.once("SIGINT", () => void app.close().then(() => process.exit(0)));
  if (saysReady()) console.log("ready");
}
