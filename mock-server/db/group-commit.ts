// Grouped commits: the public scan is the one write every consumer makes, and at
// synchronous = FULL each scan's commit waited for its own fsync (~5 ms on the bench machine,
// with the event loop blocked): under 200 scans/s. Here the scans that arrive in one turn of the
// event loop run together at its end, each in its own savepoint of one transaction, and that
// transaction is committed once. The WAL is then synced off the event loop (fdatasync on the
// thread pool) while the next group is being worked, and only after the sync is each scan of the
// group answered: an acknowledged scan is as durable as under FULL, never acknowledged earlier.
//
// The commit itself runs at synchronous = NORMAL (the frames are written to the WAL, not synced),
// switched back to FULL before anything else can run on the connection: every other write keeps
// its own synced commit. A failing member rolls back its own savepoint and gets its own error;
// a failing commit fails every member.
import { closeSync, fdatasync, openSync } from "node:fs";
import type { Statement } from "better-sqlite3";
import type { Db } from "./open-database";

/** What a group needs of the store that owns it (store.ts): its connection and its transactions. */
export interface GroupStore {
  readonly db: Db;
  endSharedRead(): void;
  /** Runs `work` in a transaction, or in a savepoint of the one already open. */
  transaction<T>(work: () => T): T;
}

interface Member {
  readonly work: () => unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

type Outcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown };

export class GroupCommit {
  private waiting: Member[] = [];
  private wal: number | undefined;
  /** The two switches, prepared once: db.pragma() compiles its statement on every call (~1% of a scan). */
  private synchronous: { readonly normal: Statement; readonly full: Statement } | undefined;

  constructor(private readonly store: GroupStore) {}

  /** Runs `work` in the next group's transaction; resolves with its result once the group is durable. */
  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.waiting.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const group = this.waiting;
    this.waiting = [];
    const db = this.store.db;
    this.store.endSharedRead(); // a read transaction of this turn would swallow the group's commit
    const outcomes: Outcome[] = [];
    const durable = !db.memory && !db.inTransaction;
    const synchronous = durable
      ? (this.synchronous ??= {
          normal: db.prepare("PRAGMA synchronous = NORMAL"),
          full: db.prepare("PRAGMA synchronous = FULL"),
        })
      : undefined;
    try {
      synchronous?.normal.run();
      try {
        this.store.transaction(() => {
          for (const member of group) {
            try {
              outcomes.push({ ok: true, value: this.store.transaction(member.work) });
            } catch (error) {
              // SQLite rolled the whole transaction back (a full disk, an I/O error): the group fails.
              if (!db.inTransaction) throw error;
              outcomes.push({ ok: false, error });
            }
          }
        });
      } finally {
        synchronous?.full.run();
      }
    } catch (error) {
      for (const member of group) member.reject(error);
      return;
    }
    const answer = () =>
      group.forEach((member, i) =>
        outcomes[i].ok ? member.resolve(outcomes[i].value) : member.reject(outcomes[i].error),
      );
    if (!durable) return answer();
    fdatasync(this.walFile(), (error) => (error ? group.forEach((member) => member.reject(error)) : answer()));
  }

  /** The WAL's descriptor: syncing it syncs every frame written to the file, by any descriptor. */
  private walFile(): number {
    this.wal ??= openSync(`${this.store.db.name}-wal`, "r+");
    return this.wal;
  }

  /** Call when the database closes; a group still waiting is refused. */
  close(): void {
    if (this.wal !== undefined) closeSync(this.wal);
    this.wal = undefined;
  }
}
