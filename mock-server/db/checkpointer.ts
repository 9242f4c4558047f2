// WAL checkpoints off the event loop (issue 12 item 9). SQLite copies the WAL back into the
// database file in the connection that commits once the WAL passes wal_autocheckpoint pages,
// inside that COMMIT: random pages of a multi-GB file written and the file synced, with the event
// loop blocked. Under a stream of scans that was half of each commit's time. Here a worker thread
// with its own connection checkpoints (PASSIVE: never blocking a writer) a few times a second,
// and the serving connection keeps a high threshold only as a backstop: if the worker falls
// behind, the WAL still cannot grow past it, and its own checkpoint then finds little to copy.
// Durability is unchanged: a checkpoint syncs the WAL before it copies and the file after.
// The worker (its own V8 isolate, ~7 MB) starts once the WAL has grown past START_AT_WAL_BYTES: a
// server that mostly reads never needs it (issue 14 §8), one taking a stream of writes soon does.
import { statSync } from "node:fs";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { Db } from "./open-database";

/** WAL pages (4 KiB) before the serving connection checkpoints itself: 64 MiB. */
export const BACKSTOP_PAGES = 16_384;
/** The WAL's size at which the worker starts: 1 MiB, far below the backstop. */
export const START_AT_WAL_BYTES = 1 << 20;
const EVERY_MS = 250;

const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma("busy_timeout = 1000");
const timer = setInterval(() => {
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch {
    // busy or closing: the next tick (or the serving connection's backstop) checkpoints
  }
}, workerData.everyMs);
parentPort.once("message", () => {
  clearInterval(timer);
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
  }, EVERY_MS).unref();
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
    workerData: { driver: createRequire(import.meta.url).resolve("better-sqlite3"), file, everyMs: EVERY_MS },
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
