// The seed's own clock: the history is written through the same rules as a live server, on a
// context whose clock the seed sets back to each event's moment, so every ledger event, stamp and
// scan carries its historical time. The rules read time only through ctx.clock and ctx.records.
import type { AppContext } from "../context";
import { Records } from "../resources/records";

export interface SeedClock {
  /** The context the history runs on: the same store and catalog, this clock. */
  readonly ctx: AppContext;
  /** From now on the rules read `instant` (ms since the epoch). */
  set(instant: number): void;
  now(): number;
}

export function seedClock(ctx: AppContext, start: number): SeedClock {
  let instant = start;
  const clock = () => instant;
  return {
    ctx: { ...ctx, clock, records: new Records(ctx.store, ctx.catalog, clock) },
    set(next) {
      instant = next;
    },
    now: clock,
  };
}
