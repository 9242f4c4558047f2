// A capture job: made when a document is taken (202), then run: every event hashed by GS1's rule
// (the duplicate key) and what the document's events share read once (capture-lookups.ts), then
// each event read as what it asks, checked by the capture rules and recorded, each in a savepoint
// of its own so a refused event writes nothing. GS1-Capture-Error-Behaviour says what a
// refusal does to the rest: "rollback" (GS1's default) captures the document whole or not at all,
// still checking every event so each refusal has its reason; "proceed" keeps every event that
// passes. An event captured before (the same GS1 hash) is stored once: a duplicate, not an error.
// The waybills the captured receivings named are checked once, after the events, and marked
// received when all they name is (waybill-received.ts).
// The job's row keeps the per-event results; capture-report.ts gives it in GS1's shape.
// A job runs in the process that holds its lease (capture-jobs.ts): every transaction that writes
// its work renews the lease first (its guard), so a process that lost the lease commits nothing
// more. Resuming is running the document again: an event this job captured before it was taken
// over is found by its hash and reported captured, as the first run would have reported it.
import { randomUUID } from "node:crypto";
import { message } from "../../../../schema/contract/messages";
import type { ChainContext } from "../../chain-context";
import { PRIVATE_NAMESPACE } from "../epcis-namespace";
import { gs1EventHash } from "../event-hash";
import type { CaptureDocument, CapturedEvent } from "./capture-document";
import type { Captor } from "./captor";
import { capturedIntent, CaptureRefusal } from "./captured-intent";
import { recordCaptured } from "./capture-rules";
import { LeaseLost } from "../../../jobs/job-leases";
import { settleReceived } from "./waybill-received";
import { CaptureLookups, type EarlierCapture } from "./capture-lookups";
import type { Waybill } from "../../logistics/waybill-contents";
import { jobSummary } from "./job-summary";
import type { EventResult } from "./event-result";

export type ErrorBehaviour = "rollback" | "proceed";
export const ERROR_BEHAVIOURS: readonly ErrorBehaviour[] = ["rollback", "proceed"];

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Raised inside an event's savepoint when its capture row meets one written meanwhile: undo the event. */
class CapturedMeanwhile extends Error {}
/** Raised to roll a whole document back. */
class DocumentRefused extends Error {}

/** Raised inside a job's work when its process is stopping: the work rolls back, the job stays running. */
export class JobStopped extends Error {
  constructor(id: string) {
    super(`capture job ${id}: its process is stopping`);
  }
}

/** What keeps a job's work to the process that holds it. */
export interface JobGuard {
  /** First in every transaction that writes the job's work: renews its lease, or throws LeaseLost. */
  renew(): Promise<void>;
  /** Before each event: throws JobStopped once the process is stopping. */
  checkStop(): void;
}

export async function createCaptureJob(
  ctx: ChainContext,
  captor: Captor,
  document: CaptureDocument,
  behaviour: ErrorBehaviour,
): Promise<string> {
  const id = randomUUID();
  await ctx.store.run(
    `INSERT INTO _epcis_capture_jobs (id, account_id, dealer_id, error_behaviour, event_count, created_at, running, document)
     VALUES (?, ?, ?, ?, ?, ?, 1, ?)`,
    [
      id,
      captor.accountId,
      captor.dealer?.id ?? null,
      behaviour,
      document.events.length,
      ctx.records.now(),
      JSON.stringify(document),
    ],
  );
  return id;
}

const hashOf = (event: CapturedEvent, prefixes: Readonly<Record<string, string>>): string =>
  gs1EventHash(event, { ...prefixes, ...PRIVATE_NAMESPACE });

async function ledgerHash(ctx: ChainContext, eventId: number): Promise<string> {
  const row = await ctx.store.get<{ hash: string }>(`SELECT event_hash AS hash FROM _ledger_events WHERE id = ?`, [
    eventId,
  ]);
  return row!.hash;
}

/** The capture row of the event hashed `capturedHash`, written meanwhile by another job. */
async function capturedMeanwhile(ctx: ChainContext, capturedHash: string): Promise<EarlierCapture> {
  const row = await ctx.store.get<{ hash: string; capture_id: string }>(
    `SELECT e.event_hash AS hash, c.capture_id FROM _epcis_captured_events c JOIN _ledger_events e ON e.id = c.event_id WHERE c.captured_hash = ?`,
    [capturedHash],
  );
  return { hash: row!.hash, captureId: row!.capture_id };
}

/** Events hashed between two turns of the event loop: a document's hashes take seconds. */
const HASHES_A_TURN = 100;

/** Each event's GS1 hash as sent (the duplicate key), or why none could be made. */
async function hashesOf(document: CaptureDocument, guard: JobGuard): Promise<(string | Error)[]> {
  const hashes: (string | Error)[] = [];
  for (const event of document.events) {
    if (hashes.length % HASHES_A_TURN === 0) {
      guard.checkStop();
      await yieldToOthers();
    }
    try {
      hashes.push(hashOf(event, document.prefixes));
    } catch (error) {
      hashes.push(error instanceof Error ? error : new Error(String(error)));
    }
  }
  return hashes;
}

async function captureEvent(
  ctx: ChainContext,
  run: Run,
  index: number,
  ownTransaction: boolean,
  receivedOn: Map<number, Waybill>,
): Promise<EventResult> {
  run.guard.checkStop();
  const { jobId, captor, lookups } = run;
  const event = run.document.events[index];
  const capturedEventID = run.hashes[index];
  if (capturedEventID instanceof Error)
    return {
      index,
      outcome: "refused",
      reason: message("epcisCapture.notHashable", { detail: capturedEventID.message }),
    };
  // Captured by this job before another process took it over: what the first run reported.
  const duplicate = (earlier: EarlierCapture): EventResult => {
    const outcome = earlier.captureId === jobId ? "captured" : "duplicate";
    return { index, outcome, capturedEventID, eventID: earlier.hash };
  };
  const earlier = lookups.capturedBefore(capturedEventID);
  if (earlier) return duplicate(earlier);
  try {
    const result = await ctx.store.transaction(async () => {
      // Each event commits alone ("proceed"): each renews the lease; a document's one transaction renews it once.
      if (ownTransaction) await run.guard.renew();
      const { eventId, receivedOn: waybills } = await recordCaptured(
        ctx,
        lookups,
        captor,
        await capturedIntent(lookups, event),
      );
      const marked = await ctx.store.insertUnlessConflict(
        `INSERT INTO _epcis_captured_events (captured_hash, event_id, capture_id, account, dealer_code, captured_event)
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (captured_hash) DO NOTHING`,
        [capturedEventID, eventId, jobId, captor.account, captor.dealer?.dealer_code ?? null, JSON.stringify(event)],
      );
      if (marked === undefined) throw new CapturedMeanwhile();
      for (const waybill of waybills) receivedOn.set(waybill.id, waybill);
      return { index, outcome: "captured", capturedEventID, eventID: await ledgerHash(ctx, eventId) } as const;
    });
    lookups.captured(capturedEventID, { hash: result.eventID, captureId: jobId });
    return result;
  } catch (error) {
    if (error instanceof CaptureRefusal) return { index, outcome: "refused", capturedEventID, reason: error.reason };
    if (error instanceof CapturedMeanwhile) {
      const meanwhile = await capturedMeanwhile(ctx, capturedEventID);
      lookups.captured(capturedEventID, meanwhile);
      return duplicate(meanwhile);
    }
    throw error;
  }
}

/** One run of a job over its document: who captures, the events' hashes and the document's lookups. */
interface Run {
  readonly jobId: string;
  readonly captor: Captor;
  readonly document: CaptureDocument;
  readonly guard: JobGuard;
  readonly hashes: readonly (string | Error)[];
  readonly lookups: CaptureLookups;
}

async function captureAll(
  ctx: ChainContext,
  jobId: string,
  captor: Captor,
  document: CaptureDocument,
  behaviour: ErrorBehaviour,
  guard: JobGuard,
): Promise<EventResult[]> {
  const proceed = behaviour === "proceed";
  const receivedOn = new Map<number, Waybill>();
  const hashes = await hashesOf(document, guard);
  const each = async () => {
    const valid = hashes.filter((hash): hash is string => typeof hash === "string");
    const lookups = await CaptureLookups.of(ctx, document.events, valid);
    const run: Run = { jobId, captor, document, guard, hashes, lookups };
    const results: EventResult[] = [];
    for (let index = 0; index < document.events.length; index += 1) {
      results.push(await captureEvent(ctx, run, index, proceed, receivedOn));
      // Between events that commit alone, other calls get the event loop (SQLite's calls never yield).
      if (proceed) await yieldToOthers();
    }
    return results;
  };
  if (proceed) {
    const results = await each();
    await ctx.store.transaction(async () => {
      await guard.renew();
      await settleReceived(ctx, receivedOn.values());
    });
    return results;
  }
  let results: EventResult[] = [];
  try {
    await ctx.store.transaction(async () => {
      await guard.renew();
      results = await each();
      if (results.some((result) => result.outcome === "refused")) throw new DocumentRefused();
      await settleReceived(ctx, receivedOn.values());
    });
  } catch (error) {
    if (!(error instanceof DocumentRefused)) throw error;
    const undone = message("epcisCapture.rolledBack");
    results = results.map((result) =>
      result.outcome === "refused"
        ? result
        : {
            index: result.index,
            outcome: "rolledBack",
            ...(result.capturedEventID ? { capturedEventID: result.capturedEventID } : {}),
            reason: undone,
          },
    );
  }
  return results;
}

/**
 * Runs the job `jobId` over `document` and stores its results; a failure is stored as the job's too.
 * A job that lost its lease or whose process is stopping stores nothing: it is still running, and
 * the process that holds it next runs it again (LeaseLost, JobStopped are thrown).
 */
export async function runCaptureJob(
  ctx: ChainContext,
  jobId: string,
  captor: Captor,
  document: CaptureDocument,
  behaviour: ErrorBehaviour,
  guard: JobGuard,
): Promise<void> {
  let results: EventResult[];
  try {
    results = await captureAll(ctx, jobId, captor, document, behaviour, guard);
  } catch (error) {
    if (error instanceof LeaseLost || error instanceof JobStopped) throw error;
    await finishCaptureJob(
      ctx,
      jobId,
      [{ index: -1, outcome: "refused", reason: message("epcisCapture.failed") }],
      guard,
    );
    throw error;
  }
  await finishCaptureJob(ctx, jobId, results, guard, document);
}

/**
 * Ends job `jobId` with `results` (its success is theirs) and what the console lists of them, and
 * drops its document, while its lease is this process's.
 */
export async function finishCaptureJob(
  ctx: ChainContext,
  jobId: string,
  results: readonly EventResult[],
  guard: Pick<JobGuard, "renew">,
  document?: CaptureDocument,
): Promise<void> {
  const success = results.every((result) => result.outcome !== "refused" && result.outcome !== "rolledBack");
  const summary = jobSummary(results, document);
  await ctx.store.transaction(async () => {
    await guard.renew();
    await ctx.store.run(
      `UPDATE _epcis_capture_jobs SET running = 0, success = ?, finished_at = ?, results = ?, document = NULL,
         accepted_events = ?, refused_events = ?, rolled_back_events = ?, refusals = ?
       WHERE id = ? AND running = 1`,
      [
        success ? 1 : 0,
        ctx.records.now(),
        JSON.stringify(results),
        summary.accepted,
        summary.refused,
        summary.rolledBack,
        JSON.stringify(summary.refusals),
        jobId,
      ],
    );
  });
}
