// bench/scan-frames: what a public scan writes, counted in WAL pages ("frames"),
// the figure this machine's speed does not move. bench/scan's rate follows the host (its floor, which
// touches no database, moved by a third in one night), so a change worth 5% cannot be told from noise
// there; the pages a scan dirties, each written to the WAL at its group's commit and copied back by
// the checkpoint, are the same on every run.
// In one process, on copies of a database seeded as bench/scan seeds its own (BENCH_CODES codes,
// default 10,000,000; seeded once into bench/.work/scan-frames/ and never scanned, so every run
// starts from the same state): BENCH_SCANS scans (after BENCH_WARM to warm up) of bench/scan's mix
// (scan-mix.ts), BENCH_GROUP to a transaction, each in a savepoint, as the server's grouped commit
// runs them, with checkpoints off, so the WAL only grows:
//   - the server as it is;
//   - each variant in BENCH_DROP_INDEXES, `;`-separated lists of comma-separated index names: the same
//     database with those indexes dropped. An A/B to decide with (what an index costs each scan),
//     not a change: the server makes them again when it starts.
// Prints frames per scan for each, the variant's ratio to the server as it is, and the time per scan
// (this includes a synced commit per group: it follows the host, the frames do not).
// Run: npm run bench:scan-frames (the first run seeds, ~2 minutes at 10,000,000 codes).
import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { SqliteEngine } from "../mock-server/db/engine/sqlite-engine";
import { buildApp } from "../mock-server/app";
import { buildServer, SERVER_BUNDLE, SERVER_NODE_FLAGS } from "../mock-server/build-server";
import { removeDatabaseFiles } from "../mock-server/db/open-database";
import { contract } from "../mock-server/generated/contract.gen";
import { scanCode } from "../mock-server/public/consumer-scan";
import { requestOf, type Picks } from "./scan-mix";

const SCANS = Number(process.env.BENCH_SCANS ?? 30_000);
const WARM = Number(process.env.BENCH_WARM ?? 5_000);
const GROUP = Number(process.env.BENCH_GROUP ?? 10);
const VARIANTS = (process.env.BENCH_DROP_INDEXES ?? "")
  .split(";")
  .map((list) =>
    list
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean),
  )
  .filter((list) => list.length > 0);
const CODES = Number(process.env.BENCH_CODES ?? 10_000_000);
const root = resolve(import.meta.dirname, "..");
const work = join(root, "bench/.work/scan-frames");
const source = join(work, `pristine-${CODES}.db`);
const copy = join(work, "frames.db");
/** A WAL frame: a 24-byte header and a 4 KiB page; the file starts with a 32-byte header. */
const FRAME_BYTES = 24 + 4096;
const WAL_HEADER_BYTES = 32;

/** The database bench/scan seeds, made once here by bench/scan-server.ts and kept unscanned. */
async function seedOnce(): Promise<void> {
  if (existsSync(source) && existsSync(join(work, `picks-${CODES}.json`))) return;
  mkdirSync(work, { recursive: true });
  console.log(`seeding ${CODES.toLocaleString("en")} codes once (bench/scan-server.ts)…`);
  const bundle = join(SERVER_BUNDLE, "..", "bench-scan-server.mjs");
  await buildServer(join(root, "bench/scan-server.ts"), bundle);
  const seeder = spawn(process.execPath, [...SERVER_NODE_FLAGS, bundle, "seed"], {
    env: { ...process.env, WORK_DIR: work, BENCH_CODES: String(CODES) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const code = await new Promise<number | null>((done) => seeder.once("exit", done));
  if (code !== 0) throw new Error(`bench/scan-frames: seeding exited with ${code}`);
  renameSync(join(work, "picks.json"), join(work, `picks-${CODES}.json`));
  renameSync(join(work, "bench.db"), source);
  removeDatabaseFiles(join(work, "bench.db")); // its emptied -wal and -shm, left by the seeder's close
}

await seedOnce();
const picks = JSON.parse(readFileSync(join(work, `picks-${CODES}.json`), "utf8")) as Picks;
const provinces = Object.keys(picks.networks).sort();

interface Measure {
  readonly framesPerScan: number;
  readonly usPerScan: number;
}

/** One run on a fresh copy of the unscanned database, with `dropped` indexes dropped first. */
async function measure(dropped: readonly string[]): Promise<Measure> {
  removeDatabaseFiles(copy);
  copyFileSync(source, copy);
  const app = await buildApp({ contract, dbFile: copy, docs: false, seed: false });
  try {
    await app.ready();
    const { store } = app.consoleContext;
    if (!(store.engine instanceof SqliteEngine)) throw new Error("bench/scan-frames counts SQLite's WAL frames");
    const engine = store.engine;
    for (const name of dropped) {
      const known = await store.get("SELECT 1 FROM sqlite_schema WHERE type = 'index' AND name = ?", [name]);
      if (!known) throw new Error(`bench/scan-frames: no index named ${name}`);
      await store.exec(`DROP INDEX "${name}"`);
    }
    // No checkpoint from here on (the loop below awaits only settled promises, so no timer runs and
    // the checkpoint worker never starts): every frame a commit writes stays in the WAL, which only grows.
    engine.quietConnection().pragma("wal_checkpoint(TRUNCATE)");
    engine.connection.pragma("wal_autocheckpoint = 0");
    let n = 0;
    const scan = async (count: number) => {
      for (let done = 0; done < count; done += GROUP)
        await store.transaction(async () => {
          for (let member = 0; member < GROUP; member += 1) {
            const { code, ip } = requestOf(picks, provinces, n++);
            // No catch: a scan that fails would write nothing and flatter the figure, so it stops the run.
            await store.transaction(
              async () =>
                await scanCode(app.consoleContext, { ip, userAgent: "Mozilla/5.0 (iPhone; bench)", path: "m_q" }, code),
            );
          }
        });
    };
    await scan(WARM);
    engine.quietConnection().pragma("wal_checkpoint(TRUNCATE)");
    const started = performance.now();
    await scan(SCANS);
    const elapsed = performance.now() - started;
    const frames = (statSync(`${copy}-wal`).size - WAL_HEADER_BYTES) / FRAME_BYTES;
    return { framesPerScan: frames / SCANS, usPerScan: (1000 * elapsed) / SCANS };
  } finally {
    await app.close();
    removeDatabaseFiles(copy);
  }
}

const fixed = (value: number, digits: number) => value.toFixed(digits);
const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root }).toString().trim();
console.log(
  `bench/scan-frames: ${new Date().toISOString().slice(0, 10)}, commit ${commit}, ${CODES.toLocaleString("en")} codes, ` +
    `${SCANS.toLocaleString("en")} scans after ${WARM.toLocaleString("en")}, ${GROUP} to a commit`,
);
const server = await measure([]);
console.log(
  `the server as it is: ${fixed(server.framesPerScan, 2)} frames a scan, ${fixed(server.usPerScan, 0)} µs a scan`,
);
for (const dropped of VARIANTS) {
  const variant = await measure(dropped);
  console.log(
    `without ${dropped.join(", ")}: ${fixed(variant.framesPerScan, 2)} frames a scan ` +
      `(${fixed((100 * variant.framesPerScan) / server.framesPerScan, 0)}% of the server's), ${fixed(variant.usPerScan, 0)} µs a scan`,
  );
}
