// bench:codegen's budget and how one job run is judged against it, in one place: the default run
// judges this tree's job with it, BENCH_AGAINST judges each commit's runs with it too.
import { p99InReferenceRequests, verdictOf, type RatioBudget } from "./ratio-budget";

/**
 * The lists' p99 during the job × their rate alone ÷ 1,000: how many of those calls the 2 connections
 * answer alone in that p99. 50 ms, the absolute budget, at the 8,800 calls/s they make alone on this
 * host is 440. Today's code: 167 (100,000 codes, load average 4); its recorded p99s of 20–23 ms are
 * 176–202 at that rate, the 8 ms chunks of before (p99 93–95 ms) 820–840.
 */
export const MAX_P99_IN_CALLS_ALONE = 400;

/** One generation job on one server: the job's outcome and the lists read alone before it and during it. */
export interface JobRun {
  /** Codes the order asked for. */
  readonly codes: number;
  readonly succeeded: number;
  /** The batch's status when the bench stopped waiting: "done" or "failed". */
  readonly status: string;
  readonly seconds: number;
  /** How long the generate call took to answer (the job runs after it). */
  readonly answeredMs: number;
  /** The same calls by the same 2 connections alone, just before the job: the reference. */
  readonly alone: { readonly perSecond: number; readonly p50: number; readonly p99: number };
  readonly during: {
    readonly p50: number;
    readonly p99: number;
    readonly max: number;
    readonly calls: number;
    readonly errors: number;
    readonly non2xx: number;
  };
}

export const jobBudget = (what: string, run: JobRun): RatioBudget =>
  p99InReferenceRequests({
    what,
    p99Ms: run.during.p99,
    reference: { name: "the lists alone", perSecond: run.alone.perSecond },
    budget: MAX_P99_IN_CALLS_ALONE,
  });

/** PASS: the budget met, no list call failed outright during the job, and the job done. */
export const jobMet = (budget: RatioBudget, run: JobRun): boolean =>
  verdictOf(budget) === "PASS" && run.during.errors === 0 && run.status === "done";
