// How far the ledger can be read by cursor without passing over an event that is still being
// written. A subscription's cursor is a ledger id, so every id at or below the horizon must be
// final: committed, or never to be (rolled back).
// - SQLite has one writer, and a row's id is taken inside its write transaction, so ids become
//   visible in order: the largest visible id is the horizon.
// - PostgreSQL takes ids from a sequence before commit, so two writers can commit out of order and
//   a reader may see id 11 while id 10 is still in flight. The largest id read in a snapshot
//   becomes safe once every transaction in progress at that snapshot has ended, i.e. when a later
//   snapshot's xmin has reached the first's xmax. A horizon not yet safe is kept and checked again
//   at the next call (a poll later).
import type { Store } from "../../../db/store";

interface Mark {
  readonly top: number;
  readonly xmax: bigint;
  readonly xmin: bigint;
}

export class LedgerHorizon {
  private safe = 0;
  private pending: Mark | undefined;

  constructor(private readonly store: Store) {}

  private async mark(): Promise<Mark> {
    const row = await this.store.get<{ top: number; xmax: string; xmin: string }>(
      `SELECT COALESCE((SELECT MAX(id) FROM _ledger_events), 0) AS top,
         pg_snapshot_xmax(pg_current_snapshot())::text AS xmax, pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`,
    );
    return { top: Number(row?.top ?? 0), xmax: BigInt(row?.xmax ?? 0), xmin: BigInt(row?.xmin ?? 0) };
  }

  /** The largest ledger id below which no event can still appear. */
  async top(): Promise<number> {
    if (this.store.engineName === "sqlite") {
      const row = await this.store.get<{ top: number }>(`SELECT COALESCE(MAX(id), 0) AS top FROM _ledger_events`);
      return Number(row?.top ?? 0);
    }
    const first = await this.mark();
    const second = await this.mark();
    if (this.pending && second.xmin >= this.pending.xmax) {
      this.safe = Math.max(this.safe, this.pending.top);
      this.pending = undefined;
    }
    if (second.xmin >= first.xmax) this.safe = Math.max(this.safe, first.top);
    else this.pending ??= first;
    return this.safe;
  }
}
