// Pushes new ledger events to subscribers' webhooks (docs/decisions/0022). It runs in the server
// process and reads by cursor, not from an in-memory queue: each round it takes the subscriptions
// whose next try is due, claims each with a lease on its own row (an UPDATE that succeeds only if
// no live process holds it, atomic on both engines, so two processes never deliver one batch at
// once), reads the next batch after its cursor up to the ledger's horizon, POSTs it signed, and
// then, only while the lease is still its own, moves the cursor (acknowledged) or records the
// failure and the next try (exponential backoff). A paused subscription is not due. Delivery is at least once: a process that dies
// between the partner's 2xx and the cursor's update sends that batch again, and the partner drops
// what it has by each event's eventID (GS1's event hash). A partner client's subscription is sent
// only while the client has a live key and may subscribe (auth/partner-keys.ts, decision 0024).
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { AppContext } from "../context";
import { subscriberRefused } from "../auth/partner-keys";
import { LedgerHorizon } from "../domain/epcis/subscriptions/ledger-horizon";
import { nextBatch, subscriptionDocument, type Batch } from "../domain/epcis/subscriptions/subscription-events";
import type { SubscriptionRow } from "../domain/epcis/subscriptions/subscriptions";
import type { RawQuery } from "../domain/epcis/query-parameters";
import { backoffMs, DELIVERY_TIMING, type DeliveryTiming } from "./delivery-timing";
import { SIGNATURE_HEADER, signatureOf } from "./webhook-signature";

/** Subscriptions one round takes at most; the rest wait for the next. */
const ROUND_SIZE = 50;
const MAX_ERROR = 500;

export type Send = (url: string, init: RequestInit) => Promise<Response>;

/** This process's name in lease rows: host, pid and a random part (a pid is reused after a restart). */
const processOwner = (): string => `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;

export class SubscriptionDeliverer {
  private readonly horizon: LedgerHorizon;
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<number> | undefined;
  private closed = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly timing: DeliveryTiming = DELIVERY_TIMING,
    readonly owner: string = processOwner(),
    private readonly send: Send = fetch,
  ) {
    this.horizon = new LedgerHorizon(ctx.store);
  }

  /** Starts the polling loop (pollMs 0: none). */
  start(onError: (error: unknown) => void): void {
    if (!this.timing.pollMs) return;
    const next = () => {
      if (this.closed) return;
      this.timer = setTimeout(() => {
        this.deliverDue().catch(onError).finally(next);
      }, this.timing.pollMs);
      this.timer.unref();
    };
    next();
  }

  /** Stops polling and waits for the round under way, so its leases are released before the database closes. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.round?.catch(() => 0);
  }

  /** One round: every due subscription no other process holds gets its next batch. Returns deliveries made. */
  async deliverDue(): Promise<number> {
    if (this.round) return await this.round;
    this.round = this.runRound().finally(() => {
      this.round = undefined;
    });
    return await this.round;
  }

  private async runRound(): Promise<number> {
    const now = this.ctx.clock();
    const due = await this.ctx.store.all<{ id: string }>(
      `SELECT id FROM _epcis_subscriptions WHERE next_try_at <= ? AND paused_at IS NULL AND (lease_owner IS NULL OR lease_until < ?)
       ORDER BY next_try_at, id LIMIT ${ROUND_SIZE}`,
      [now, now],
    );
    if (!due.length) return 0;
    const horizon = await this.horizon.top();
    let delivered = 0;
    for (const { id } of due) {
      if (this.closed) break;
      if (!(await this.claim(id))) continue;
      try {
        if (await this.deliver(id, horizon)) delivered += 1;
      } finally {
        await this.ctx.store.run(
          `UPDATE _epcis_subscriptions SET lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?`,
          [id, this.owner],
        );
      }
    }
    return delivered;
  }

  private async claim(id: string): Promise<boolean> {
    const now = this.ctx.clock();
    const { changes } = await this.ctx.store.run(
      `UPDATE _epcis_subscriptions SET lease_owner = ?, lease_until = ?
       WHERE id = ? AND next_try_at <= ? AND paused_at IS NULL AND (lease_owner IS NULL OR lease_until < ?)`,
      [this.owner, now + this.timing.leaseMs, id, now, now],
    );
    return changes === 1;
  }

  /** Sends the subscription's next batch; true when a document was acknowledged. */
  private async deliver(id: string, horizon: number): Promise<boolean> {
    const row = await this.ctx.store.get<SubscriptionRow & { query: string | null }>(
      `SELECT s.*, q.query AS query FROM _epcis_subscriptions s LEFT JOIN _epcis_named_queries q ON q.name = s.query_name WHERE s.id = ?`,
      [id],
    );
    if (!row) return false;
    const ownerRefused = await subscriberRefused(this.ctx, Number(row.account_id));
    if (ownerRefused) {
      await this.failed(row, ownerRefused);
      return false;
    }
    if (row.query === null) {
      await this.failed(row, `the query ${row.query_name} no longer exists`);
      return false;
    }
    let batch: Batch;
    try {
      batch = await nextBatch(
        this.ctx,
        JSON.parse(row.query) as RawQuery,
        Number(row.cursor_id),
        horizon,
        this.timing.batchSize,
      );
    } catch (error) {
      await this.failed(row, `the query ${row.query_name} cannot be run: ${String(error)}`);
      return false;
    }
    if (batch.through <= Number(row.cursor_id)) return false;
    // New ledger rows of which none matched move the cursor on; a partner that asked reportIfEmpty hears of them.
    if (!batch.ids.length && !Number(row.report_if_empty)) {
      await this.acknowledged(row, batch, false);
      return false;
    }
    const body = JSON.stringify(
      await subscriptionDocument(this.ctx, { id: row.id, queryName: row.query_name }, batch.ids),
    );
    const outcome = await this.post(row, body);
    if (outcome === true) await this.acknowledged(row, batch, true);
    else await this.failed(row, outcome);
    return outcome === true;
  }

  /** True on a 2xx answer; else what went wrong. */
  private async post(row: SubscriptionRow, body: string): Promise<true | string> {
    try {
      const response = await this.send(row.dest, {
        method: "POST",
        headers: {
          "content-type": "application/ld+json",
          "GS1-EPCIS-Version": "2.0.0",
          "GS1-CBV-Version": "2.0.0",
          [SIGNATURE_HEADER]: signatureOf(body, row.signature_token),
        },
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(this.timing.timeoutMs),
      });
      await response.body?.cancel().catch(() => undefined);
      return response.ok ? true : `HTTP ${response.status} from the webhook`;
    } catch (error) {
      const cause =
        error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : error;
      return `the webhook could not be reached: ${String(cause)}`;
    }
  }

  private async acknowledged(row: SubscriptionRow, batch: Batch, sent: boolean): Promise<void> {
    await this.ctx.store.run(
      `UPDATE _epcis_subscriptions SET cursor_id = ?, delivered_events = delivered_events + ?, attempts = 0,
         next_try_at = ?, last_success_at = ${sent ? "?" : "last_success_at"}
       WHERE id = ? AND lease_owner = ?`,
      [
        batch.through,
        batch.ids.length,
        this.ctx.clock(),
        ...(sent ? [this.ctx.records.now()] : []),
        row.id,
        this.owner,
      ],
    );
  }

  private async failed(row: SubscriptionRow, error: string): Promise<void> {
    const attempts = Number(row.attempts) + 1;
    await this.ctx.store.run(
      `UPDATE _epcis_subscriptions SET attempts = ?, next_try_at = ?, last_error = ?, last_error_at = ?
       WHERE id = ? AND lease_owner = ?`,
      [
        attempts,
        this.ctx.clock() + backoffMs(attempts, this.timing),
        error.slice(0, MAX_ERROR),
        this.ctx.records.now(),
        row.id,
        this.owner,
      ],
    );
  }
}
