// Who runs a background job: one lease row per job, naming its owner (one server process) and the
// last time that owner proved it was alive. Several processes on one database may each try to run
// the same job; the lease decides, the same way on SQLite and PostgreSQL:
// - claim: an upsert that takes the row only if nobody holds it, its holder released it, or its
//   heartbeat is older than the lease's length (the holder died). On PostgreSQL two claimers of one
//   row queue on its lock and the second sees the first's heartbeat, so exactly one wins.
// - heartbeat: every unit of a job's work renews the lease FIRST, in the work's own transaction,
//   and only while the row still names this owner. A holder that lost its lease (it stalled past the
//   lease and another took over) renews nothing, and its work rolls back instead of doubling the
//   new holder's; on PostgreSQL the renewed row stays locked until the work commits, so nobody can
//   take the job over between the renewal and the commit.
// - release: a process that stops gracefully deletes its leases, so another takes its jobs at once.
// Heartbeats are the owners' wall clocks in ms: hosts behind one database keep their clocks in step
// (NTP), and the lease is many seconds long, far beyond their skew.
// A job's id is text in the row: a generation job is named by its batch's number, a capture job by
// its UUID; an id is always bound as text, so both engines compare it the same way.
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import { columnType } from "../db/schema-catalog";
import { placeholders } from "../db/sql-params";
import type { Store } from "../db/store";

const DDL = `
CREATE TABLE IF NOT EXISTS _job_leases (
  job_kind TEXT NOT NULL, job_id TEXT NOT NULL, owner TEXT NOT NULL, heartbeat_at INTEGER NOT NULL,
  PRIMARY KEY (job_kind, job_id)
) WITHOUT ROWID;
`;

/** A job's id: a number (a generation job's batch) or a text (a capture job's UUID). */
export type JobId = number | string;

/** How long a lease holds without a heartbeat (JOB_LEASE_MS overrides it). */
export const LEASE_MS = 15_000;

export class LeaseLost extends Error {
  constructor(kind: string, id: JobId) {
    super(`${kind} job ${id}: another process holds its lease now`);
  }
}

/** This process's name in lease rows: host, pid and a random part (a pid is reused after a restart). */
export function processOwner(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
}

export async function createJobLeaseTable(store: Store): Promise<void> {
  await store.exec(DDL);
  // A PostgreSQL database made when ids were numbers only holds them as bigint; leases last seconds,
  // so the column's type changes in place. SQLite keeps any text in its INTEGER column as text.
  if (store.engineName === "postgres" && (await columnType(store, "_job_leases", "job_id")) !== "text")
    await store.exec("ALTER TABLE _job_leases ALTER COLUMN job_id TYPE TEXT");
}

export class JobLeases {
  constructor(
    private readonly store: Store,
    readonly owner: string,
    readonly leaseMs = LEASE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes job `id` of `kind` for this owner; false when a live process holds it. */
  async claim(kind: string, id: JobId): Promise<boolean> {
    const now = this.now();
    const { changes } = await this.store.run(
      `INSERT INTO _job_leases (job_kind, job_id, owner, heartbeat_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (job_kind, job_id) DO UPDATE SET owner = excluded.owner, heartbeat_at = excluded.heartbeat_at
       WHERE _job_leases.owner = excluded.owner OR _job_leases.heartbeat_at < ?`,
      [kind, String(id), this.owner, now, now - this.leaseMs],
    );
    return changes === 1;
  }

  /**
   * Renews the lease inside the caller's transaction, before its work; throws LeaseLost (rolling the
   * work back) when the row no longer names this owner.
   */
  async heartbeat(kind: string, id: JobId): Promise<void> {
    const { changes } = await this.store.run(
      `UPDATE _job_leases SET heartbeat_at = ? WHERE job_kind = ? AND job_id = ? AND owner = ?`,
      [this.now(), kind, String(id), this.owner],
    );
    if (changes !== 1) throw new LeaseLost(kind, id);
  }

  /** Gives job `id` up (finished, failed, or this process stopping); no-op if another holds it. */
  async release(kind: string, id: JobId): Promise<void> {
    await this.store.run(`DELETE FROM _job_leases WHERE job_kind = ? AND job_id = ? AND owner = ?`, [
      kind,
      String(id),
      this.owner,
    ]);
  }

  /** Of `ids`, the jobs of `kind` no live process holds: never leased, released, or expired. */
  async unheld<Id extends JobId>(kind: string, ids: readonly Id[]): Promise<Id[]> {
    if (!ids.length) return [];
    const held = await this.store.all<{ job_id: JobId }>(
      `SELECT job_id FROM _job_leases WHERE job_kind = ? AND heartbeat_at >= ? AND job_id IN (${placeholders(ids.length)})`,
      [kind, this.now() - this.leaseMs, ...ids.map(String)],
    );
    const taken = new Set(held.map((row) => String(row.job_id)));
    return ids.filter((id) => !taken.has(String(id)));
  }
}
