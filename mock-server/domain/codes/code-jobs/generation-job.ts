// A code generation job: the batch row (code_batches) is the job. It runs outside the
// request, one chunk of codes per transaction (sized to take about CHUNK_TARGET_MS) — the codes, their issue event, the batch's progress
// and the rule's next sequence number commit together — yielding to the event loop (setImmediate)
// between chunks, so other calls keep answering while a million codes are issued.
// Several server processes may share the database: a job runs in the one process that holds its
// lease (jobs/job-leases.ts), and every chunk renews the lease in its own transaction, so a process
// that lost the lease commits nothing more. Every process polls for jobs nobody holds (queued, or
// running in a process that died or stopped) and resumes them from the progress the last committed
// chunk recorded: nothing is issued twice and nothing is left out. A chunk locks its rule's row and
// continues from the rule's stored sequence, so two jobs on one rule never draw the same serial.
import { messageIn } from "../../../../schema/contract/messages";
import type { ChainContext } from "../../chain-context";
import type { Row } from "../../../resources/row-codec";
import { drawerFor, type Characters, type Drawer } from "../code-rules/code-drawer";
import { ruleRow, storedShape } from "../code-rules/rule-of";
import { CodeStatus } from "../../ledger/event-vocabulary";
import { issueCodes } from "../../ledger/ledger";
import { businessZone } from "../../../time/business-zone";
import { businessDayOf } from "../../../time/business-day";
import { JobLeases, LeaseLost, processOwner } from "../../../jobs/job-leases";
import { jobTiming, type JobTiming } from "../../../jobs/job-timing";

export const CODE_BATCHES = "code_batches";
export const CODE_ORDERS = "code_orders";
/** Codes in the first transaction; later ones are sized so each takes about CHUNK_TARGET_MS. */
export const CHUNK_CODES = 500;
/**
 * One chunk holds the event loop this long at most (other calls' p99 budget is 50 ms). 3 ms, not 8:
 * since WAL checkpoints run in a worker thread (db/checkpointer.ts), the worker, the job and the callers share
 * two cores, and 8 ms chunks let other calls' p99 reach 94 ms during a 1,000,000-code job
 * (bench:codegen); at 3 ms it is 20-23 ms, and the job still makes 7,000-8,000 codes/s.
 */
export const CHUNK_TARGET_MS = 3;
const CHUNK_BOUNDS = [50, 10_000] as const;

/** The lease rows' name for these jobs. */
export const GENERATION_JOB = "code-generation";

export const JobStatus = { queued: "queued", running: "running", done: "done", failed: "failed" } as const;

interface Job {
  readonly batchId: number;
  stopped: boolean;
  readonly finished: Promise<void>;
}

interface JobWork {
  readonly batchId: number;
  readonly orderId: number;
  readonly ruleId: number;
  readonly requested: number;
  succeeded: number;
  readonly operator: string | null;
  readonly drawer: Drawer;
  readonly values: Row;
}

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

export class GenerationJobs {
  private readonly jobs = new Map<number, Job>();
  private readonly leases: JobLeases;
  private closed = false;
  private poller: NodeJS.Timeout | undefined;
  private polling: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly ctx: ChainContext,
    private readonly chunkCodes = CHUNK_CODES,
    private readonly timing: JobTiming = jobTiming(process.env),
    owner = processOwner(),
  ) {
    this.leases = new JobLeases(ctx.store, owner, timing.leaseMs);
  }

  /** Takes batch `batchId`'s lease for this process, in the caller's transaction; false if a live process holds it. */
  claim(batchId: number): Promise<boolean> {
    return this.leases.claim(GENERATION_JOB, batchId);
  }

  /** Runs batch `batchId` (status queued or running) after the current transaction, if no process holds it. */
  start(batchId: number): void {
    this.begin(batchId, async () => await this.leases.claim(GENERATION_JOB, batchId));
  }

  /** Claims and starts every queued or running job no live process holds; answers their ids. */
  async resumeInterrupted(): Promise<number[]> {
    // A contract without generation jobs (test fixtures) has nothing to resume.
    if (this.closed || !this.ctx.catalog.find(CODE_BATCHES)?.byName.has("status")) return [];
    const open = (
      await this.ctx.store.all<{ id: number }>(
        `SELECT "id" AS id FROM "${CODE_BATCHES}" WHERE "status" IN (?, ?) ORDER BY "id"`,
        [JobStatus.queued, JobStatus.running],
      )
    ).map((row) => row.id);
    const claimed: number[] = [];
    for (const id of await this.leases.unheld(GENERATION_JOB, open)) {
      if (this.closed || this.jobs.has(id) || !(await this.leases.claim(GENERATION_JOB, id))) continue;
      claimed.push(id);
      this.begin(id, () => Promise.resolve(true));
    }
    return claimed;
  }

  /** Runs batch `batchId` on the next turn of the event loop, once `claimed` says the lease is this process's. */
  private begin(batchId: number, claimed: () => Promise<boolean>): void {
    if (this.closed || this.jobs.has(batchId)) return;
    const job: Job = { batchId, stopped: false, finished: Promise.resolve() };
    (job as { finished: Promise<void> }).finished = yieldToOthers()
      .then(async () => {
        if (await claimed()) await this.run(job);
      })
      .finally(() => this.jobs.delete(batchId));
    this.jobs.set(batchId, job);
  }

  /** Resumes unheld jobs now and every `pollMs` until close (a job another process dropped, too). */
  watch(): Promise<unknown> {
    if (this.poller || this.closed) return this.polling;
    const poll = () => {
      // One poll at a time; a failed poll (the database away for a moment) waits for the next.
      this.polling = this.polling.then(() => this.resumeInterrupted()).catch(() => undefined);
      return this.polling;
    };
    this.poller = setInterval(() => void poll(), this.timing.pollMs).unref();
    return poll();
  }

  /** Resolves when no job is running (tests, the bench, shutdown). */
  async idle(): Promise<void> {
    while (this.jobs.size) await Promise.all([...this.jobs.values()].map((job) => job.finished));
  }

  /**
   * Shutdown: every job stops after its current chunk and gives its lease up, its batch still
   * running, so another process (or this one's next start) resumes it at once.
   */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.poller);
    for (const job of this.jobs.values()) job.stopped = true;
    await this.polling;
    await this.idle();
  }

  private batch(id: number): Promise<Row | undefined> {
    return this.ctx.records.row(this.ctx.catalog.info(CODE_BATCHES), id);
  }

  /** Runs a claimed job until it ends, stops or loses its lease; gives the lease up after. */
  private async run(job: Job): Promise<void> {
    try {
      await this.work(job);
    } catch (error) {
      if (!(error instanceof LeaseLost) && !this.closed)
        await this.fail(job.batchId, error instanceof Error ? error.message : String(error)).catch(() => undefined);
    } finally {
      await this.leases.release(GENERATION_JOB, job.batchId).catch(() => undefined);
    }
  }

  private async work(job: Job): Promise<void> {
    const { ctx } = this;
    const batches = ctx.catalog.info(CODE_BATCHES);
    // The status is read and set in one transaction: a close or a failure landing between the two
    // would otherwise be overwritten with "running".
    const batch = await ctx.store.transaction(async () => {
      await this.leases.heartbeat(GENERATION_JOB, job.batchId);
      const batch = await this.batch(job.batchId);
      // Gone: the request that queued it rolled back; or another process finished it.
      if (!batch || (batch.status !== JobStatus.queued && batch.status !== JobStatus.running)) return undefined;
      await ctx.records.update(batches, job.batchId, { status: JobStatus.running });
      return batch;
    });
    if (!batch) return;
    const work = await prepareJob(ctx, batch);
    let size = this.chunkCodes;
    while (!job.stopped && !this.closed) {
      const began = performance.now();
      const more = await ctx.store.transaction(async () => {
        await this.leases.heartbeat(GENERATION_JOB, job.batchId);
        return await issueChunk(ctx, work, size);
      });
      if (!more) return;
      // The next chunk is sized on this one's pace, so a busy machine gets smaller chunks.
      const perCode = (performance.now() - began) / size;
      size = Math.round(
        Math.min(CHUNK_BOUNDS[1], Math.max(CHUNK_BOUNDS[0], CHUNK_TARGET_MS / Math.max(perCode, 1e-4))),
      );
      await yieldToOthers();
    }
  }

  /** Records the job failed, unless another process holds it now. */
  private async fail(batchId: number, reason: string): Promise<void> {
    const { ctx } = this;
    await ctx.store.transaction(async () => {
      await this.leases.heartbeat(GENERATION_JOB, batchId);
      const batch = await this.batch(batchId);
      if (!batch) return;
      const requested = Number(batch.quantity);
      await ctx.records.update(ctx.catalog.info(CODE_BATCHES), batchId, {
        status: JobStatus.failed,
        failed: requested - Number(batch.succeeded ?? 0),
        error: reason.slice(0, 500),
        finished_at: ctx.records.now(),
      });
      // The order can be generated again: a new job issues only what is still missing.
      await ctx.records.update(ctx.catalog.info(CODE_ORDERS), batch.order_id as number, { status: "pending" });
    });
  }
}

/** What every chunk of the job shares: read once, when the job starts or resumes. */
async function prepareJob(ctx: ChainContext, batch: Row, characters?: Characters): Promise<JobWork> {
  const rule = await ruleRow(ctx, batch.rule_id as number);
  if (!rule) throw new Error(`code rule ${String(batch.rule_id)} does not exist`);
  // The failure is the batch's record (its failure text), not an answer to a request: English.
  const { shape, problems } = await storedShape(ctx, rule);
  if (!shape) throw new Error(problems.map((problem) => messageIn("en", problem)).join("; "));
  const order = await ctx.records.row(ctx.catalog.info(CODE_ORDERS), batch.order_id as number);
  const values: Row = { order_id: batch.order_id, code_type: batch.code_type, status: CodeStatus.generated };
  if (order?.product_id != null) values.product_id = order.product_id;
  if (ctx.catalog.info("trace_codes").byName.has("batch_id")) values.batch_id = batch.id;
  return {
    batchId: batch.id as number,
    orderId: batch.order_id as number,
    ruleId: rule.id as number,
    requested: Number(batch.quantity),
    succeeded: Number(batch.succeeded ?? 0),
    operator: (batch.operator as string | null) ?? null,
    drawer: drawerFor(
      shape,
      Number(rule.sequence_next ?? 0),
      businessDayOf(ctx.clock(), await businessZone(ctx)),
      characters,
    ),
    values,
  };
}

/** One chunk in the caller's transaction; false when the job is finished. */
async function issueChunk(ctx: ChainContext, work: JobWork, size: number): Promise<boolean> {
  if (work.succeeded >= work.requested) {
    await ctx.records.update(ctx.catalog.info(CODE_BATCHES), work.batchId, {
      status: JobStatus.done,
      failed: 0,
      finished_at: ctx.records.now(),
    });
    await ctx.records.update(ctx.catalog.info(CODE_ORDERS), work.orderId, { status: "generated" });
    return false;
  }
  // Serials continue from the rule's stored sequence, read under its row's lock (decision 0018): a
  // job on the same rule in another process may have drawn past this drawer since the last chunk.
  await ctx.store.lockRows("code_rules", "id", [work.ruleId]);
  const stored = await ctx.store.get<{ next: number | null }>(
    `SELECT "sequence_next" AS next FROM "code_rules" WHERE "id" = ?`,
    [work.ruleId],
  );
  work.drawer.skipTo(Number(stored?.next ?? 0));
  const count = Math.min(size, work.requested - work.succeeded);
  const codes = await issueCodes(
    ctx,
    { kind: "issue", operator: work.operator },
    count,
    () => work.drawer.next(),
    work.values,
  );
  // Progress and the rule's next sequence commit with the codes (plain updates: this runs often).
  // The larger of the stored and the drawn sequence, said in CASE: SQLite's two-argument max is not
  // PostgreSQL's greatest.
  await ctx.store.run(
    `UPDATE "code_rules" SET "sequence_next" = CASE WHEN coalesce("sequence_next", 0) > CAST(? AS BIGINT) THEN "sequence_next" ELSE CAST(? AS BIGINT) END WHERE "id" = ?`,
    [work.drawer.sequence, work.drawer.sequence, work.ruleId],
  );
  await ctx.store.run(
    `UPDATE "${CODE_BATCHES}" SET "succeeded" = ?, "first_code" = coalesce("first_code", ?), "last_code" = ? WHERE "id" = ?`,
    [work.succeeded + codes.length, codes[0], codes[codes.length - 1], work.batchId],
  );
  ctx.store.bump("code_rules", 0);
  ctx.store.bump(CODE_BATCHES, 0);
  work.succeeded += codes.length;
  return true;
}

/**
 * Runs queued batch `batchId` to its end in the caller's thread, `chunkCodes` codes per transaction,
 * through the same steps a job takes (the seed: demo codes issued as generation issues them, with
 * `characters` from its own deterministic source). Throws what a job would record as its failure.
 */
export async function runGenerationNow(
  ctx: ChainContext,
  batchId: number,
  chunkCodes: number,
  characters?: Characters,
): Promise<void> {
  const batch = await ctx.records.row(ctx.catalog.info(CODE_BATCHES), batchId);
  if (!batch) throw new Error(`code batch ${batchId} does not exist`);
  await ctx.records.update(ctx.catalog.info(CODE_BATCHES), batchId, { status: JobStatus.running });
  const work = await prepareJob(ctx, { ...batch, status: JobStatus.running }, characters);
  while (await ctx.store.transaction(async () => await issueChunk(ctx, work, chunkCodes)));
}

const registry = new WeakMap<ChainContext, GenerationJobs>();

/** The app's job runner (one per context). */
export function generationJobs(ctx: ChainContext): GenerationJobs {
  let jobs = registry.get(ctx);
  if (!jobs) registry.set(ctx, (jobs = new GenerationJobs(ctx)));
  return jobs;
}
