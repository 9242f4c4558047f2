// When the subscription deliverer looks, how long it holds a subscription, and how it backs off.
// A failed delivery is tried again after BASE × 2^(attempts − 1), at most CAP: 2 s, 4 s, 8 s, … up
// to 15 minutes, for as long as the subscription exists (at-least-once: nothing is dropped). A
// lease outlasts the longest delivery (a webhook gets TIMEOUT to answer) many times over, so only
// a process that died loses one.
export interface DeliveryTiming {
  /** How often a process looks for due subscriptions; 0: never by itself (tests call a round). */
  readonly pollMs: number;
  readonly leaseMs: number;
  readonly backoffBaseMs: number;
  readonly backoffCapMs: number;
  /** How long a webhook has to answer before the try counts as failed. */
  readonly timeoutMs: number;
  /** Events per delivered document at most. */
  readonly batchSize: number;
}

export const DELIVERY_TIMING: DeliveryTiming = {
  pollMs: 1_000,
  leaseMs: 60_000,
  backoffBaseMs: 2_000,
  backoffCapMs: 15 * 60_000,
  timeoutMs: 10_000,
  batchSize: 100,
};

/** How long to wait after the `attempts`-th failure in a row. */
export function backoffMs(attempts: number, timing: DeliveryTiming = DELIVERY_TIMING): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(timing.backoffBaseMs * 2 ** exponent, timing.backoffCapMs);
}
