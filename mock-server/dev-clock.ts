// A clock the server's own calls can move, beside MOCK_NOW: a test or a demo drives
// a flow across several days without restarting. It runs at the base clock's speed from wherever
// it was last set: it is the base clock plus an offset. Only development and test servers get the
// call that moves it (dev-clock-route.ts); a production server is built without it, so nothing can
// move its clock. The offset is the database's, shared by every process on it (dev-clock-shared.ts).

export interface SettableClock {
  /** Milliseconds since the epoch: the base clock plus the offset. */
  readonly now: () => number;
  /** What the clock adds to its base now, in ms. */
  readonly offset: () => number;
  /** The offset at which the clock would read `instant` now. */
  offsetAt(instant: number): number;
  /** From now on, the clock is the base plus `ms`. */
  useOffset(ms: number): void;
}

export function settableClock(base: () => number): SettableClock {
  let offset = 0;
  return {
    now: () => base() + offset,
    offset: () => offset,
    offsetAt: (instant) => instant - base(),
    useOffset(ms) {
      offset = ms;
    },
  };
}

/**
 * Which servers get the clock call: NODE_ENV development or test; any other mode only with the
 * explicit opt-in DEV_CLOCK=1, which the browser tests' server sets and `npm start` never does, and
 * which server.ts announces with a warning at start. Anything else than exactly "1" is no opt-in.
 */
export const clockCallEnabled = (nodeEnv: string | undefined, devClock?: string): boolean =>
  nodeEnv === "development" || nodeEnv === "test" || devClock === "1";
