// The development clock's offset is the database's: one `_meta` row, so every server process on
// one database reads one clock, and a process that starts (a new worker, a restart) takes the
// offset the others use. A move is written and announced in one transaction (db/change-feed.ts);
// the announcement's key is the offset committed, so a process that hears it uses it at once, and
// a signed-in call, which first hears every change committed before it, reads the moved clock.
// Each process adds the offset to its own base clock (the host's, or MOCK_NOW's).
// Two moves on two processes at once: every process then reads the row again, in order, so all end
// on the one committed last. SQLite has one process: the row keeps the offset across restarts.
import { readMeta, writeMeta } from "./db/system-tables";
import type { Store } from "./db/store";
import type { SettableClock } from "./dev-clock";

export const DEV_CLOCK_KEY = "dev_clock_offset_ms";
/** The change feed's topic of a move; its key is the new offset in ms. */
export const DEV_CLOCK_TOPIC = "_dev_clock";

const offsetOf = (text: string | undefined): number | undefined => {
  const value = Number(text);
  return text !== undefined && text !== "" && Number.isFinite(value) ? value : undefined;
};

export class SharedDevClock {
  private reads: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: Store,
    readonly clock: SettableClock,
  ) {
    store.onChange(DEV_CLOCK_TOPIC, (key) => {
      const offset = offsetOf(key);
      if (offset !== undefined) clock.useOffset(offset);
      this.readAgain();
    });
    // Moves may have been missed while the feed was away.
    store.onReset(() => this.readAgain());
  }

  /** Takes the stored offset (at start; after a change heard); none stored: the clock stays as it is. */
  async load(): Promise<void> {
    const offset = offsetOf(await readMeta(this.store, DEV_CLOCK_KEY));
    if (offset !== undefined) this.clock.useOffset(offset);
  }

  /** Moves every process's clock to base + `offset` ms: this one once it commits, the others as they hear it. */
  async move(offset: number): Promise<void> {
    await this.store.transaction(async () => {
      await writeMeta(this.store, DEV_CLOCK_KEY, String(offset));
      await this.store.announce({ topic: DEV_CLOCK_TOPIC, key: String(offset) });
    });
    this.clock.useOffset(offset);
    // A move elsewhere committed meanwhile may have been heard before this line: the row decides.
    this.readAgain();
  }

  /** Reads the row again after the reads already asked for, so the last read is of the last commit. */
  private readAgain(): void {
    this.reads = this.reads.then(() => this.load()).catch(() => undefined);
  }
}
