// The reads of one turn of the event loop share one read transaction. In WAL mode
// each statement run on its own opens and ends a read transaction: two fcntl locks on the -shm file
// and a stat of the database, three system calls around a read that costs less (strace of a read by
// id). Under load one turn answers several requests, and a list call makes several reads; here the
// first read of a turn opens a transaction that ends at the turn's end (setImmediate).
//
// A write never joins it: the Store ends it before any write (run, transaction, exec, a group's
// commit), so every write commits and syncs on its own as before, and the reads after it see it.
// The connection is the database's only writer (the checkpoint worker and the export's snapshot
// only read), so a turn's reads see every write made before them.
import type { Db } from "./open-database";

export class SharedRead {
  private open = false;

  constructor(private readonly db: Db) {}

  /** Before a read: opens the turn's read transaction, unless one is open or a write's transaction is. */
  begin(): void {
    if (this.open || this.db.inTransaction || !this.db.open) return;
    this.db.exec("BEGIN");
    this.open = true;
    setImmediate(this.end);
  }

  /** Before a write, and at the turn's end: ends the read transaction, if this turn opened one. */
  readonly end = (): void => {
    if (!this.open) return;
    this.open = false;
    // Only reads ran in it: its end writes nothing. A connection closed meanwhile has ended it.
    if (this.db.open && this.db.inTransaction) this.db.exec("COMMIT");
  };
}
