// A clock the server's own calls can move, beside MOCK_NOW: a test or a demo drives
// a flow across several days without restarting. It runs at the base clock's speed from wherever
// it was last set. Only development and test servers get the call that moves it (dev-clock-route.ts);
// a production server is built without it, so nothing can move its clock.

export interface SettableClock {
  /** Milliseconds since the epoch: the base clock plus the offset set so far. */
  readonly now: () => number;
  /** From now on, the clock reads `instant` (and runs on from there). */
  set(instant: number): void;
  /** Moves the clock forward (or back, if negative) by `ms`. */
  advance(ms: number): void;
}

export function settableClock(base: () => number): SettableClock {
  let offset = 0;
  return {
    now: () => base() + offset,
    set(instant) {
      offset = instant - base();
    },
    advance(ms) {
      offset += ms;
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
