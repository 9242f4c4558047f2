// The server bench/scan.ts measures, in its own process, on its own database file.
//   seed:  the demo data (seed scale 0.2), then BENCH_CODES trace codes written straight into
//          trace_codes (the generation job would take ~25 minutes for 10M), with the states a
//          market holds: mostly shipped to a dealer, some in stock, voided, returned, not activated;
//          writes the codes to scan (picks.json) and exits.
//   serve: the real app on that file, request logging on (to server.log), X-Forwarded-For
//          believed from 127.0.0.1 (the proxy in front of the public pages), plus one bench-only
//          route, GET /bench/scan-lookup?code=: the scan's lookup and answer with no write, the
//          read-only baseline, and GET /bench/empty, the HTTP stack's floor. Only this file
//          registers them; the production app cannot reach them.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildApp } from "../mock-server/app";
import { removeDatabaseFiles } from "../mock-server/db/open-database";
import { SqliteEngine } from "../mock-server/db/engine/sqlite-engine";
import { contract } from "../mock-server/generated/contract.gen";
import { envelopeSchema } from "../mock-server/envelope";
import { CALLS } from "../schema/contract/calls";
import { lookUpCode, PUBLIC_SCAN_PER_MINUTE, scanThreshold } from "../mock-server/public/consumer-scan";
import { tooManyRequests } from "../mock-server/refusals";
import { guessBlock } from "../mock-server/public/warnings/raise-warning";
import { checkCharacterOf } from "../mock-server/domain/code-rules/check-characters";
import { CROCKFORD_BASE32, LEVEL_DIGITS } from "../mock-server/domain/code-rules/segments";
import { CodeStatus } from "../mock-server/domain/ledger/event-vocabulary";
import type { AppContext } from "../mock-server/context";

const work = process.env.WORK_DIR!;
const dbFile = join(work, "bench.db");
const mode = process.argv[2];

/** A small fast generator with a fixed seed: the same codes on every run. */
function xorshift(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/** A code of the demo's item rule (level + random:18 + check, Crockford base 32, ISO 7064 check). */
function codeOf(random: () => number, level: "item" | "box" = "item"): string {
  let body = LEVEL_DIGITS[level];
  for (let i = 0; i < 18; i += 1) body += CROCKFORD_BASE32[Math.floor(random() * 32)];
  return body + checkCharacterOf("iso7064-mod37-36", body);
}

interface Lot {
  order_id: number | null;
  batch_id: number | null;
  product_id: number;
  batch_no: string | null;
  work_order_id: number | null;
}

/** Fills trace_codes with `count` codes; the indexes are dropped and rebuilt once (a bulk load, not a hot path). */
function fillCodes(ctx: AppContext, count: number): { uniform: string[]; popular: string[]; few: string[] } {
  // A bulk load on the connection itself: the read transaction the seed's last reads shared ends first (db/shared-read.ts).
  const engine = ctx.store.engine;
  if (!(engine instanceof SqliteEngine)) throw new Error("bench/scan-server loads codes into SQLite");
  const db = engine.quietConnection();
  const lots = db
    .prepare(
      `SELECT DISTINCT order_id, batch_id, product_id, batch_no, work_order_id FROM trace_codes WHERE product_id IS NOT NULL`,
    )
    .all() as Lot[];
  // Shipments as the demo made them: a waybill and the dealer it went to (dealers with authorised regions first).
  const shipments = db
    .prepare(
      `SELECT DISTINCT t.waybill_id AS waybill_id, t.dealer_id AS dealer_id FROM trace_codes t
       WHERE t.waybill_id IS NOT NULL AND t.dealer_id IS NOT NULL ORDER BY (SELECT COUNT(*) FROM dealers_authorised_regions r WHERE r.owner_id = t.dealer_id) DESC`,
    )
    .all() as { waybill_id: number; dealer_id: number }[];
  if (!lots.length || !shipments.length)
    throw new Error("the demo seed has no lots or shipments to attribute codes to");
  const indexes = (
    db
      .prepare(`SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'trace_codes' AND sql IS NOT NULL`)
      .all() as { sql: string }[]
  ).map((row) => row.sql);
  db.pragma("synchronous = OFF");
  for (const sql of indexes) db.exec(`DROP INDEX ${/INDEX ("[^"]+")/.exec(sql)![1]}`);
  const insert = db.prepare(
    `INSERT INTO trace_codes (code, code_type, order_id, batch_id, product_id, batch_no, parent_code, work_order_id, status, void_reason, scan_count, first_scan_at, waybill_id, dealer_id, shipped_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, NULL, ?, ?, ?, ?, ?)`,
  );
  const random = xorshift(20261125);
  const made = ctx.records.now();
  // A pick is "code province": the province of the code's dealer (shipped codes), so that most of
  // its scans come from where it was sold and a few from elsewhere (the cross-region rule).
  const picks = { uniform: [] as string[], popular: [] as string[], few: [] as string[] };
  const provinceOf = new Map<number, string>();
  for (const { dealer_id, region_code } of db
    .prepare(
      `SELECT owner_id AS dealer_id, value AS region_code FROM dealers_authorised_regions ORDER BY owner_id, position`,
    )
    .all() as { dealer_id: number; region_code: string }[])
    if (!provinceOf.has(dealer_id)) provinceOf.set(dealer_id, region_code.slice(0, 2));
  const pickEvery = Math.max(1, Math.floor(count / 400_000));
  const boxes: string[] = [];
  const CHUNK = 200_000;
  for (let start = 0; start < count; start += CHUNK) {
    db.transaction(() => {
      for (let i = start; i < Math.min(count, start + CHUNK); i += 1) {
        const lot = lots[i % lots.length];
        const draw = random();
        // One code in 200 is a box that items sit in; shipped boxes carry their items' attribution.
        const isBox = i % 200 === 0;
        const code = codeOf(random, isBox ? "box" : "item");
        const status =
          draw < 0.8
            ? CodeStatus.shipped
            : draw < 0.89
              ? CodeStatus.activated
              : draw < 0.92
                ? CodeStatus.packed
                : draw < 0.96
                  ? CodeStatus.voided
                  : draw < 0.98
                    ? CodeStatus.returned
                    : CodeStatus.generated;
        const shipment =
          status === CodeStatus.shipped || status === CodeStatus.returned ? shipments[i % shipments.length] : undefined;
        const inBox =
          !isBox && boxes.length > 0 && (status === CodeStatus.packed || (status === CodeStatus.shipped && draw < 0.1));
        insert.run(
          code,
          isBox ? "box" : "item",
          lot.order_id,
          lot.batch_id,
          lot.product_id,
          lot.batch_no,
          inBox ? boxes[i % boxes.length] : null,
          lot.work_order_id,
          status,
          status === CodeStatus.voided ? "bench: damaged label" : null,
          shipment?.waybill_id ?? null,
          shipment?.dealer_id ?? null,
          shipment ? made : null,
          made,
          made,
        );
        if (isBox) boxes.push(code);
        const pick = `${code} ${status === CodeStatus.shipped ? (provinceOf.get(shipment!.dealer_id) ?? "") : ""}`;
        if (i % pickEvery === 0) picks.uniform.push(pick);
        if (i % 5000 === 1) picks.popular.push(pick);
        if (i % 200 === 3) picks.few.push(pick);
      }
    })();
  }
  for (const sql of indexes) db.exec(sql);
  db.exec("ANALYZE");
  db.pragma("synchronous = FULL");
  db.pragma("wal_checkpoint(TRUNCATE)");
  return picks;
}

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
  removeDatabaseFiles(dbFile);
  const app = await buildApp({ contract, dbFile, seedScale: 0.2, docs: false });
  await app.ready();
  const started = Date.now();
  const picks = fillCodes(app.consoleContext, Number(process.env.BENCH_CODES));
  const total = (await app.consoleContext.store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM trace_codes`))!.n;
  writeFileSync(
    join(work, "picks.json"),
    JSON.stringify({ ...picks, networks: networksByProvince(app.consoleContext, 24) }),
  );
  await app.close();
  console.log(JSON.stringify({ seeded: total, seconds: (Date.now() - started) / 1000 }));
} else {
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
  console.log("ready");
}
