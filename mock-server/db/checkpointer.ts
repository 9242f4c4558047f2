// WAL checkpoints off the event loop. SQLite copies the WAL back into the
// database file in the connection that commits once the WAL passes wal_autocheckpoint pages,
// inside that COMMIT: random pages of a multi-GB file written and the file synced, with the event
// loop blocked. Under a stream of scans that was half of each commit's time. Here a worker thread
// with its own connection checkpoints (PASSIVE: never blocking a writer) every EVERY_MS while
// frames come in (IDLE_MS once the WAL stays unchanged), and the serving connection keeps a high
// threshold as a backstop.
// The backstop is what restarts the WAL under a steady stream of writes: SQLite rewinds the WAL
// only when a write begins with every frame already copied, and a stream commits new frames while
// each of the worker's checkpoints runs, so the WAL grows until the backstop's own checkpoint, run
// inside a serving COMMIT, finds little left to copy (the worker copied the rest) and lets the next
// write rewind it. Until 2026-11-26 the backstop was 64 MiB and the worker ran every 250 ms: at
// bench/scan's rate the backstop then fired about every second, each time with up to 250 ms of
// frames left to copy, and those commits were the scan's p99 (62 ms; flush max 120–650 ms).
// With 256 MiB and a worker every 20 ms it fires every few seconds with little to copy (p99
// 22–23 ms in the same probe). A reader pays nothing for a long WAL whose frames are copied:
// SQLite searches only the frames past the last checkpoint.
// Durability is unchanged: a checkpoint syncs the WAL before it copies and the file after.
// The worker (its own V8 isolate, ~7 MB) starts once the WAL has grown past START_AT_WAL_BYTES: a
// server that mostly reads never needs it (and saves its memory), one taking a stream of writes soon does.
import { statSync } from "node:fs";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { Db } from "./open-database";

/** WAL pages (4 KiB) before the serving connection checkpoints itself: 256 MiB. */
export const BACKSTOP_PAGES = 65_536;
/** The WAL's size at which the worker starts: 1 MiB, far below the backstop. */
export const START_AT_WAL_BYTES = 1 << 20;
/** How soon the worker checkpoints again while frames come in: often, so the backstop finds little left to copy. */
const EVERY_MS = 20;
/** How soon it looks again when its last checkpoint found the WAL unchanged. */
const IDLE_MS = 250;
/** How often the serving thread looks at the WAL's size until the worker has started. */
const WATCH_MS = 250;

const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma("busy_timeout = 1000");
let frames = -1;
let timer;
const checkpoint = () => {
  let next = workerData.everyMs;
  try {
    const [{ log }] = db.pragma("wal_checkpoint(PASSIVE)");
    if (log === frames) next = workerData.idleMs;
    frames = log;
  } catch {
    // busy or closing: the next round (or the serving connection's backstop) checkpoints
  }
  timer = setTimeout(checkpoint, next);
};
timer = setTimeout(checkpoint, workerData.everyMs);
parentPort.once("message", () => {
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Whether the worker has started (the WAL grew past START_AT_WAL_BYTES). */
  started(): boolean;
  /** Stops the worker; its connection closes before the serving one does. */
  stop(): Promise<void>;
}

const walBytes = (file: string): number => statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;

/** Checkpoints `db`'s file from a worker thread once its WAL grows; an in-memory database has no WAL. */
export function startCheckpointer(db: Db): Checkpointer | undefined {
  if (db.memory) return undefined;
  db.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  let worker: ReturnType<typeof startWorker> | undefined;
  const watch = setInterval(() => {
    if (walBytes(db.name) < START_AT_WAL_BYTES) return;
    clearInterval(watch);
    worker = startWorker(db.name);
  }, WATCH_MS).unref();
  return {
    started: () => worker !== undefined,
    stop: () => {
      clearInterval(watch);
      return worker?.stop() ?? Promise.resolve();
    },
  };
}

function startWorker(file: string): { stop(): Promise<void> } {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve("better-sqlite3"),
      file,
      everyMs: EVERY_MS,
      idleMs: IDLE_MS,
    },
  });
  worker.unref();
  // A worker that fails (the driver cannot load) leaves the backstop doing the checkpoints.
  worker.on("error", () => undefined);
  const exited = new Promise<void>((done) => worker.once("exit", () => done()));
  return {
    stop: () => {
      worker.ref(); // whoever awaits the stop keeps the process alive until the worker has closed
      worker.postMessage("stop");
      return exited;
    },
  };
}
