// Who runs capture jobs when several server processes share the database: a job runs in the one
// process that holds its lease (jobs/job-leases.ts), as a code generation job does. The process
// that takes a document makes its job and its lease in one transaction and runs it at once. Every
// process polls for running jobs no live process holds (their process died, or stopped) and takes
// them over: a job whose document the row keeps is run again from the start, which is safe because
// an event is stored once by its GS1 hash (capture-job.ts); one that cannot be run again (made
// before jobs kept their document, or its account may no longer capture) ends failed with the
// reason. A job whose lease is live is never touched (docs/decisions/0027).
import { message, type Message } from "../../../../schema/contract/messages";
import type { ChainContext } from "../../chain-context";
import { JobLeases, LeaseLost, processOwner } from "../../../jobs/job-leases";
import { jobTiming, type JobTiming } from "../../../jobs/job-timing";
import { EpcisProblem } from "../epcis-problem";
import type { CaptureDocument } from "./capture-document";
import { captorOf, type Captor } from "./captor";
import {
  createCaptureJob,
  finishCaptureJob,
  JobStopped,
  runCaptureJob,
  type ErrorBehaviour,
  type JobGuard,
} from "./capture-job";

/** The lease rows' name for these jobs. */
export const CAPTURE_JOB = "epcis-capture";

interface Work {
  readonly captor: Captor;
  readonly document: CaptureDocument;
  readonly behaviour: ErrorBehaviour;
}

interface Running {
  stopped: boolean;
  readonly finished: Promise<void>;
}

/** Told of a job that failed on the server (its row says so too); the app logs it. */
export type FailureReport = (error: unknown, captureID: string) => void;

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

export class CaptureJobs {
  private readonly running = new Map<string, Running>();
  private readonly leases: JobLeases;
  private closed = false;
  private poller: NodeJS.Timeout | undefined;
  private polling: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly ctx: ChainContext,
    private readonly report: FailureReport = () => undefined,
    private readonly timing: JobTiming = jobTiming(process.env),
    owner = processOwner(),
  ) {
    this.leases = new JobLeases(ctx.store, owner, timing.leaseMs);
  }

  /** Makes the job for `document`, leased to this process in the same transaction, and runs it after the answer. */
  async create(captor: Captor, document: CaptureDocument, behaviour: ErrorBehaviour): Promise<string> {
    const id = await this.ctx.store.transaction(async () => {
      const id = await createCaptureJob(this.ctx, captor, document, behaviour);
      await this.leases.claim(CAPTURE_JOB, id);
      return id;
    });
    this.begin(id, () => Promise.resolve({ captor, document, behaviour }));
    return id;
  }

  /** Claims and runs every running job no live process holds; answers their ids. */
  async resumeInterrupted(): Promise<string[]> {
    if (this.closed) return [];
    const open = (
      await this.ctx.store.all<{ id: string }>(
        `SELECT id FROM _epcis_capture_jobs WHERE running = 1 ORDER BY created_at, id`,
      )
    ).map((row) => row.id);
    const claimed: string[] = [];
    for (const id of await this.leases.unheld(CAPTURE_JOB, open)) {
      if (this.closed || this.running.has(id) || !(await this.leases.claim(CAPTURE_JOB, id))) continue;
      claimed.push(id);
      this.begin(id, () => this.stored(id));
    }
    return claimed;
  }

  /** Resumes unheld jobs now and every `pollMs` until close. */
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

  /** Resolves when no job is running here. */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running.values()].map((job) => job.finished));
  }

  /**
   * Shutdown: every job stops before its next event and gives its lease up, still running, so another
   * process (or this one's next start) runs it again at once. What it had not committed rolls back.
   */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.poller);
    for (const job of this.running.values()) job.stopped = true;
    await this.polling;
    await this.idle();
  }

  /** The job as its row keeps it; a Message: why it cannot be run again; undefined: it has ended. */
  private async stored(id: string): Promise<Work | Message | undefined> {
    const row = await this.ctx.store.get<{
      account_id: number;
      error_behaviour: ErrorBehaviour;
      running: number;
      document: string | null;
    }>(`SELECT account_id, error_behaviour, running, document FROM _epcis_capture_jobs WHERE id = ?`, [id]);
    if (!row || Number(row.running) !== 1) return undefined;
    if (row.document === null) return message("epcisCapture.interrupted");
    try {
      const captor = await captorOf(this.ctx, Number(row.account_id));
      return { captor, document: JSON.parse(row.document) as CaptureDocument, behaviour: row.error_behaviour };
    } catch (error) {
      if (error instanceof EpcisProblem) return error.detail;
      throw error;
    }
  }

  /** Runs job `id` on the next turn of the event loop with what `work` gives; gives the lease up after. */
  private begin(id: string, work: () => Promise<Work | Message | undefined>): void {
    if (this.closed || this.running.has(id)) return;
    const job: Running = { stopped: false, finished: Promise.resolve() };
    const guard: JobGuard = {
      renew: () => this.leases.heartbeat(CAPTURE_JOB, id),
      checkStop: () => {
        if (job.stopped || this.closed) throw new JobStopped(id);
      },
    };
    (job as { finished: Promise<void> }).finished = yieldToOthers()
      .then(async () => {
        const given = await work();
        if (given === undefined) return;
        if (!("captor" in given))
          await finishCaptureJob(this.ctx, id, [{ index: -1, outcome: "refused", reason: given }], guard);
        else await runCaptureJob(this.ctx, id, given.captor, given.document, given.behaviour, guard);
      })
      .catch((error: unknown) => {
        if (!(error instanceof LeaseLost) && !(error instanceof JobStopped)) this.report(error, id);
      })
      .finally(async () => {
        await this.leases.release(CAPTURE_JOB, id).catch(() => undefined);
        this.running.delete(id);
      });
    this.running.set(id, job);
  }
}

const registry = new WeakMap<ChainContext, CaptureJobs>();

/** The app's capture job runner (one per context); `report` is taken from the first call. */
export function captureJobs(ctx: ChainContext, report?: FailureReport): CaptureJobs {
  let jobs = registry.get(ctx);
  if (!jobs) registry.set(ctx, (jobs = new CaptureJobs(ctx, report)));
  return jobs;
}
