// A station's scans on their way to the server. A scan that has to wait (for the connection, or for
// an answer slower than the line) is written to the store before the operator is told so, and leaves
// it when the server has answered, so nothing shown as kept is lost to a network blip, a server
// restart or a reload. One request is in flight at a time, in scanning order: a scan alone is sent
// as its own call; the scans that came while one was in flight go together in the next request (the
// station batch, at most STATION_BATCH_MAX_CALLS), each answered in its place, so a line that falls
// behind for a moment catches up with one request instead of one per scan. A scan that cannot reach
// the server waits, and every scan after it waits behind it, until a retry (with backoff) gets
// through. Each carries the idempotency key made when it was scanned, the same on every attempt,
// alone or in a batch, so a retry of a scan the server applied before its answer was lost is not
// applied twice. A refusal is final: it is never retried.
import { ApiError } from "../../api/http-client";
import { STATION_BATCH_MAX_CALLS } from "../../../schema/contract/station-batch-calls";
import type { QueuedScan, ScanStore } from "./scan-store";

/** Why the head scan is waiting: no connection, no answer in time, the server failing, or the session ended. */
export type WaitReason = "offline" | "timeout" | "server" | "session";

/**
 * What became of a scan: the server's answer or refusal, or "queued" (it will be sent later, and
 * its answer reported through onSettled).
 */
export type Outcome =
  | { readonly kind: "sent"; readonly data: unknown }
  | { readonly kind: "refused"; readonly error: unknown }
  | { readonly kind: "queued" };

export interface QueueView {
  /** Scans not yet answered, the one in flight included. */
  readonly pending: number;
  /**
   * Of those, the scans whose caller was told "queued" (or that an earlier page left): what the
   * operator sees waiting. A scan on its way with its caller still waiting for the verdict is not.
   */
  readonly queued: number;
  /** Scans the server refused after they had waited; the operator clears them. */
  readonly refused: readonly QueuedScan[];
  readonly waiting?: { readonly reason: WaitReason; readonly status: number; readonly retryAt: number };
  /** The scans survive a reload (IndexedDB), or only live in this page. */
  readonly persistent: boolean;
}

export type SendScan = (scan: QueuedScan, signal: AbortSignal) => Promise<unknown>;

/** A scan's answer inside a batch: its data, or the error its refusal (or its "not now") is. */
export type BatchAnswer =
  { readonly ok: true; readonly data: unknown } | { readonly ok: false; readonly error: unknown };

/**
 * Sends several scans in one request, in order; answers the first scans' answers in the same order.
 * It may answer fewer than sent: the server stopped at a "not now", and the rest are sent again.
 */
export type SendScans = (scans: readonly QueuedScan[], signal: AbortSignal) => Promise<readonly BatchAnswer[]>;

export interface ScanQueueOptions {
  readonly station: string;
  readonly store: ScanStore;
  readonly send: SendScan;
  readonly sendMany: SendScans;
  /** An attempt with no answer by then is abandoned and retried (with the same key). */
  readonly timeoutMs: number;
  /** A caller waits this long for the server's word; then it is told "queued" and the answer comes later. */
  readonly answerWithinMs: number;
  /** A scan that had waited was answered. */
  readonly onSettled: (scan: QueuedScan, outcome: Exclude<Outcome, { kind: "queued" }>) => void;
  readonly onChange: (view: QueueView) => void;
}

/** Statuses that say "not now" rather than "no": the scan is sent again. */
const TRANSIENT_STATUS = new Set([0, 408, 425, 429, 502, 503, 504]);

/** Why a failed attempt should be retried, or undefined when the failure is the server's final word. */
export function waitReason(error: unknown): WaitReason | undefined {
  if (error instanceof TimeoutError) return "timeout";
  if (!(error instanceof ApiError)) return "offline";
  // The scan is still good: it is sent again once the operator has signed in again.
  if (error.sessionEnded) return "session";
  if (!TRANSIENT_STATUS.has(error.statusCode)) return undefined;
  return error.statusCode === 0 ? "offline" : "server";
}

/** The wait before attempt `failures + 1`: 1 s, doubling, at most 10 s. */
export function backoffMs(failures: number): number {
  return Math.min(1000 * 2 ** Math.max(0, failures - 1), 10_000);
}

class TimeoutError extends Error {}

export class ScanQueue {
  private readonly options: ScanQueueOptions;
  private unsent: QueuedScan[] = [];
  private refused: QueuedScan[] = [];
  private readonly waiters = new Map<string, (outcome: Outcome) => void>();
  private waiting: QueueView["waiting"];
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sending = false;
  private disposed = false;
  private persistent: boolean;
  private lastSeq = 0;
  /** Scans sent straight away and not written to the store (yet). */
  private readonly unstored = new Set<string>();
  /** Scans left by an earlier page go first: a new scan waits until they are taken up. */
  private loading: Promise<void> = Promise.resolve();

  constructor(options: ScanQueueOptions) {
    this.options = options;
    this.persistent = options.store.persistent;
  }

  /** Takes up what an earlier page left: waiting scans are sent, refused ones listed. */
  load(): Promise<void> {
    this.loading = this.takeUp();
    return this.loading;
  }

  private async takeUp(): Promise<void> {
    const stored = await this.options.store.all(this.options.station).catch(() => {
      this.persistent = false;
      return [];
    });
    for (const scan of stored) {
      if (scan.refusal === undefined) this.unsent.push(scan);
      else this.refused.push(scan);
      this.lastSeq = Math.max(this.lastSeq, scan.seq);
    }
    this.changed();
    void this.pump();
  }

  /**
   * Sends a scan after those before it. Answers with the server's word when it comes in time (the
   * scan sent alone, or with others that came while one was in flight), or "queued" as soon as it has
   * to wait (for the connection, or longer than answerWithinMs).
   */
  async submit(scan: Omit<QueuedScan, "seq" | "station">): Promise<Outcome> {
    await this.loading;
    this.lastSeq = Math.max(this.lastSeq + 1, Date.now());
    const queued: QueuedScan = { ...scan, station: this.options.station, seq: this.lastSeq };
    this.unsent.push(queued);
    if (this.waiting !== undefined) {
      await this.save(queued);
      this.changed();
      void this.pump();
      return { kind: "queued" };
    }
    // On its way, alone or in the next batch: stored only if it has to wait (a scan with no verdict yet is scanned again).
    this.unstored.add(queued.key);
    const outcome = new Promise<Outcome>((resolve) => this.waiters.set(queued.key, resolve));
    this.changed();
    // A slow answer does not hold the line up: the scan counts as queued and is answered through onSettled.
    const slow = setTimeout(() => void this.releaseWaiter(queued.key), this.options.answerWithinMs);
    void this.pump();
    try {
      return await outcome;
    } finally {
      clearTimeout(slow);
    }
  }

  /** Sends the waiting scans now (the connection is back, or the operator asked). */
  retryNow(): void {
    if (!this.waiting) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    void this.pump();
  }

  /** The operator has dealt with a scan refused after waiting. */
  async clearRefused(key: string): Promise<void> {
    this.refused = this.refused.filter((scan) => scan.key !== key);
    await this.options.store.remove(key).catch(() => undefined);
    this.changed();
  }

  view(): QueueView {
    return {
      pending: this.unsent.length,
      queued: this.unsent.filter((scan) => !this.waiters.has(scan.key)).length,
      refused: this.refused,
      ...(this.waiting ? { waiting: this.waiting } : {}),
      persistent: this.persistent,
    };
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
  }

  private async pump(): Promise<void> {
    if (this.sending || this.disposed || this.timer !== undefined) return;
    this.sending = true;
    try {
      while (!this.disposed && this.unsent.length > 0) {
        const next = this.unsent.slice(0, STATION_BATCH_MAX_CALLS);
        if (!(await (next.length === 1 ? this.attempt(next[0]) : this.attemptMany(next)))) break;
      }
    } finally {
      this.sending = false;
    }
  }

  /** One attempt at the head scan alone; false when it has to wait for a retry. */
  private async attempt(scan: QueuedScan): Promise<boolean> {
    let outcome: Exclude<Outcome, { kind: "queued" }>;
    try {
      outcome = { kind: "sent", data: await this.sendInTime((signal) => this.options.send(scan, signal)) };
    } catch (error) {
      if (this.waitFor(error)) return false;
      outcome = { kind: "refused", error };
    }
    await this.settle(scan, outcome);
    return true;
  }

  /**
   * One attempt at the head scans together; each answered one is settled in order. False when one
   * (or the request) has to wait for a retry; the scans after it stay unsent, in order.
   */
  private async attemptMany(scans: readonly QueuedScan[]): Promise<boolean> {
    let answers: readonly BatchAnswer[];
    try {
      answers = await this.sendInTime((signal) => this.options.sendMany(scans, signal));
    } catch (error) {
      if (this.waitFor(error)) return false;
      // The request itself refused (no scan of it was run): each scan has that answer.
      answers = scans.map(() => ({ ok: false, error }));
    }
    for (const [index, answer] of answers.slice(0, scans.length).entries()) {
      if (!answer.ok && this.waitFor(answer.error)) return false;
      await this.settle(
        scans[index],
        answer.ok ? { kind: "sent", data: answer.data } : { kind: "refused", error: answer.error },
      );
    }
    return true;
  }

  /** Whether a failed attempt is to be retried: if so, the head scan waits. */
  private waitFor(error: unknown): boolean {
    const reason = waitReason(error);
    if (reason === undefined) return false;
    this.wait(reason, error instanceof ApiError ? error.statusCode : 0);
    return true;
  }

  /** The head scan was answered: its caller (or onSettled) hears it; a refusal of a scan that waited is listed. */
  private async settle(scan: QueuedScan, outcome: Exclude<Outcome, { kind: "queued" }>): Promise<void> {
    this.unsent.shift();
    this.failures = 0;
    this.waiting = undefined;
    const waiter = this.waiters.get(scan.key);
    this.waiters.delete(scan.key);
    let stored: Promise<void>;
    if (outcome.kind === "refused" && !waiter) {
      const refused = {
        ...scan,
        refusal: outcome.error instanceof Error ? outcome.error.message : String(outcome.error),
      };
      this.refused = [...this.refused, refused];
      stored = this.save(refused);
    } else if (this.unstored.delete(scan.key)) stored = Promise.resolve();
    else stored = this.options.store.remove(scan.key).catch(() => undefined);
    this.changed();
    // The verdict does not wait for the store; the next request is sent only once the store has this answer.
    if (waiter) waiter(outcome);
    else this.options.onSettled(scan, outcome);
    await stored;
  }

  private async sendInTime<T>(send: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new TimeoutError(`no answer within ${this.options.timeoutMs} ms`));
      }, this.options.timeoutMs);
    });
    try {
      return await Promise.race([send(controller.signal), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The head scan waits: every scan whose caller still waits is told it is queued, and a retry is set. */
  private wait(reason: WaitReason, status: number): void {
    this.failures += 1;
    const delay = backoffMs(this.failures);
    this.waiting = { reason, status, retryAt: Date.now() + delay };
    for (const key of [...this.waiters.keys()]) void this.releaseWaiter(key);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.pump();
    }, delay);
    this.changed();
  }

  /** The caller waiting for this scan is told it is queued; its answer will go to onSettled. */
  private async releaseWaiter(key: string): Promise<void> {
    if (!this.waiters.has(key)) return;
    await this.store(key);
    // Answered while it was being stored: the caller has the server's word instead.
    const resolve = this.waiters.get(key);
    this.waiters.delete(key);
    resolve?.({ kind: "queued" });
    if (resolve) this.changed();
  }

  /** A scan sent straight away is written to the store once it has to wait. */
  private async store(key: string): Promise<void> {
    const scan = this.unsent.find((unsent) => unsent.key === key);
    if (!scan || !this.unstored.delete(key)) return;
    await this.save(scan);
  }

  /** A store that fails (quota, a private window) leaves the scan in memory; the station says so. */
  private async save(scan: QueuedScan): Promise<void> {
    try {
      await this.options.store.put(scan);
    } catch {
      this.persistent = false;
    }
  }

  private changed(): void {
    if (!this.disposed) this.options.onChange(this.view());
  }
}
