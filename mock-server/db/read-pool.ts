// Long reads off the event loop. better-sqlite3 is synchronous: a read that walks millions of index
// entries (a deep page, a walk that lays page anchors) would stop every other request while it runs.
// Here a few worker threads, each with its own read-only connection to the same WAL file, run such
// reads; the serving thread awaits them and answers others meanwhile. Short indexed reads stay on
// the serving connection: a hop to a worker and back (structured clone both ways) costs more than
// they do. An in-memory database has no file to share, so it has no pool (callers read inline).
//
// Consistency: a worker's statement runs in its own read transaction, which WAL opens at the last
// commit. The serving connection is the only writer and every write is committed before it is
// acknowledged (group-commit.ts syncs after committing, then answers), so a read sent to the pool
// sees every write acknowledged before it was sent.
//
// The worker's code is a string run with `eval`, as the checkpoint worker's is (checkpointer.ts):
// nothing to resolve at run time, so it works the same under tsx and in the compiled server.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { Params } from "./sql-params";
import type { Walk } from "./engine/engine";

/** Worker threads (connections) per database: the host has few cores, and the serving thread needs one. */
export const POOL_SIZE = 2;

const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true });
db.pragma("busy_timeout = 5000");
db.pragma("cache_size = -8192");
const statements = new Map();
const prepare = (sql) => {
  let statement = statements.get(sql);
  if (!statement) {
    if (statements.size >= 200) statements.clear();
    statements.set(sql, (statement = db.prepare(sql)));
  }
  return statement;
};
// Every k-th row of a walk, from the first: the rows of an ordered SELECT, in one read
// transaction, whose snapshot is taken (and announced) before the walk starts.
const everyKth = (task) => {
  db.exec("BEGIN");
  try {
    db.prepare("SELECT 1 FROM sqlite_schema LIMIT 1").get();
    parentPort.postMessage({ id: task.id, opened: true });
    const kept = [];
    let n = 0;
    for (const row of db.prepare(task.sql).raw(true).iterate(...task.params)) {
      if (n % task.every === 0) kept.push(row);
      n++;
    }
    return { kept, count: n };
  } finally {
    db.exec("COMMIT");
  }
};
parentPort.on("message", (task) => {
  if (task === "stop") {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const rows = task.every ? everyKth(task) : prepare(task.sql).all(...task.params);
    parentPort.postMessage({ id: task.id, rows });
  } catch (error) {
    parentPort.postMessage({ id: task.id, error: String(error && error.message ? error.message : error) });
  }
});
`;

interface Task {
  readonly id: number;
  readonly sql: string;
  readonly params: Params;
  readonly every?: number;
  readonly resolve: (rows: unknown) => void;
  readonly reject: (error: Error) => void;
  readonly opened?: () => void;
}

interface Slot {
  readonly worker: Worker;
  task: Task | undefined;
}

export class ReadPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly file: string,
    private readonly size = POOL_SIZE,
  ) {}

  /** The rows of `sql`, read on a worker's connection. */
  all<T = Record<string, unknown>>(sql: string, params: Params = []): Promise<T[]> {
    return this.submit<T[]>(sql, params);
  }

  /**
   * Every `every`-th row of `sql` (raw value arrays) and the count of all its rows, read in one
   * snapshot; `opened` runs once that snapshot is taken, before the walk (page-anchors.ts uses it to
   * know which writes the walk cannot have seen).
   */
  walk(sql: string, params: Params, every: number, opened: () => void): Promise<Walk> {
    return this.submit<Walk>(sql, params, every, opened);
  }

  /** Stops the workers; their connections close. Reads still queued are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error("the read pool is closed"));
    await Promise.all(
      this.slots.map(
        (slot) =>
          new Promise<void>((done) => {
            slot.worker.once("exit", () => done());
            slot.worker.postMessage("stop");
          }),
      ),
    );
    this.slots.length = 0;
  }

  private submit<T>(sql: string, params: Params, every?: number, opened?: () => void): Promise<T> {
    if (this.closed) return Promise.reject(new Error("the read pool is closed"));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, sql, params, every, opened, resolve: resolve as Task["resolve"], reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length) {
      const slot = this.slots.find((candidate) => !candidate.task) ?? this.start();
      if (!slot) return;
      const task = this.queue.shift()!;
      slot.task = task;
      slot.worker.ref(); // a read in flight keeps the process alive until it is answered
      slot.worker.postMessage({ id: task.id, sql: task.sql, params: task.params, every: task.every });
    }
  }

  /** A new worker while the pool is below its size; workers start on first need, not with the server. */
  private start(): Slot | undefined {
    if (this.slots.length >= this.size) return undefined;
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { driver: createRequire(import.meta.url).resolve("better-sqlite3"), file: this.file },
    });
    worker.unref();
    const slot: Slot = { worker, task: undefined };
    worker.on("message", (message: { id: number; opened?: true; rows?: unknown; error?: string }) => {
      const task = slot.task;
      if (!task || task.id !== message.id) return;
      if (message.opened) return task.opened?.();
      slot.task = undefined;
      worker.unref();
      if (message.error !== undefined) task.reject(new Error(message.error));
      else task.resolve(message.rows);
      this.dispatch();
    });
    // A worker that dies fails its read and leaves the pool; the next read starts another.
    worker.on("error", (error) => {
      this.slots.splice(this.slots.indexOf(slot), 1);
      slot.task?.reject(error);
      slot.task = undefined;
      this.dispatch();
    });
    this.slots.push(slot);
    return slot;
  }
}
