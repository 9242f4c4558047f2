// A capture job: made when a document is taken (202), then run: each event hashed by GS1's rule
// (the duplicate key), read as what it asks, checked by the capture rules and recorded, each in a
// savepoint of its own so a refused event writes nothing. GS1-Capture-Error-Behaviour says what a
// refusal does to the rest: "rollback" (GS1's default) captures the document whole or not at all,
// still checking every event so each refusal has its reason; "proceed" keeps every event that
// passes. An event captured before (the same GS1 hash) is stored once: a duplicate, not an error.
// The waybills the captured receivings named are checked once, after the events, and marked
// received when all they name is (waybill-received.ts).
// The job's row keeps the per-event results; job-report.ts gives it in GS1's shape.
import { randomUUID } from "node:crypto";
import epcis2 from "epcis2.js";
import { message, type Message } from "../../../../schema/contract/messages";
import type { ChainContext } from "../../chain-context";
import { PRIVATE_NAMESPACE } from "../epcis-namespace";
import type { CaptureDocument, CapturedEvent } from "./capture-document";
import type { Captor } from "./captor";
import { capturedIntent, CaptureRefusal } from "./captured-intent";
import { recordCaptured } from "./capture-rules";
import { settleReceived } from "./waybill-received";
import type { Waybill } from "../../logistics/waybill-contents";

export type ErrorBehaviour = "rollback" | "proceed";
export const ERROR_BEHAVIOURS: readonly ErrorBehaviour[] = ["rollback", "proceed"];

export type EventOutcome = "captured" | "duplicate" | "refused" | "rolledBack";

export interface EventResult {
  readonly index: number;
  readonly outcome: EventOutcome;
  /** GS1's hash of the event as sent (the duplicate key), when one could be made. */
  readonly capturedEventID?: string;
  /** The ledger's eventID of the event stored (its hash as the query interface gives it). */
  readonly eventID?: string;
  readonly reason?: Message;
}

/** Raised inside an event's savepoint when its capture row meets one written meanwhile: undo the event. */
class CapturedMeanwhile extends Error {}
/** Raised to roll a whole document back. */
class DocumentRefused extends Error {}

export async function createCaptureJob(
  ctx: ChainContext,
  captor: Captor,
  document: CaptureDocument,
  behaviour: ErrorBehaviour,
): Promise<string> {
  const id = randomUUID();
  await ctx.store.run(
    `INSERT INTO _epcis_capture_jobs (id, account_id, error_behaviour, event_count, created_at, running)
     VALUES (?, ?, ?, ?, ?, 1)`,
    [id, captor.accountId, behaviour, document.events.length, ctx.records.now()],
  );
  return id;
}

const hashOf = (event: CapturedEvent, prefixes: Readonly<Record<string, string>>): string =>
  epcis2.eventToHashedId({ ...event }, { ...prefixes, ...PRIVATE_NAMESPACE }, true);

async function ledgerHash(ctx: ChainContext, eventId: number): Promise<string> {
  const row = await ctx.store.get<{ hash: string }>(`SELECT event_hash AS hash FROM _ledger_events WHERE id = ?`, [
    eventId,
  ]);
  return row!.hash;
}

async function alreadyCaptured(ctx: ChainContext, capturedHash: string): Promise<string | undefined> {
  const row = await ctx.store.get<{ hash: string }>(
    `SELECT e.event_hash AS hash FROM _epcis_captured_events c JOIN _ledger_events e ON e.id = c.event_id WHERE c.captured_hash = ?`,
    [capturedHash],
  );
  return row?.hash;
}

async function captureEvent(
  ctx: ChainContext,
  jobId: string,
  captor: Captor,
  document: CaptureDocument,
  index: number,
  receivedOn: Map<number, Waybill>,
): Promise<EventResult> {
  const event = document.events[index];
  let capturedEventID: string;
  try {
    capturedEventID = hashOf(event, document.prefixes);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { index, outcome: "refused", reason: message("epcisCapture.notHashable", { detail }) };
  }
  const duplicate = async (): Promise<EventResult | undefined> => {
    const eventID = await alreadyCaptured(ctx, capturedEventID);
    return eventID ? { index, outcome: "duplicate", capturedEventID, eventID } : undefined;
  };
  try {
    return await ctx.store.transaction(async () => {
      const earlier = await duplicate();
      if (earlier) return earlier;
      const { eventId, receivedOn: waybills } = await recordCaptured(ctx, captor, await capturedIntent(ctx, event));
      const marked = await ctx.store.insertUnlessConflict(
        `INSERT INTO _epcis_captured_events (captured_hash, event_id, capture_id, account, dealer_code, captured_event)
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (captured_hash) DO NOTHING`,
        [capturedEventID, eventId, jobId, captor.account, captor.dealer?.dealer_code ?? null, JSON.stringify(event)],
      );
      if (marked === undefined) throw new CapturedMeanwhile();
      for (const waybill of waybills) receivedOn.set(waybill.id, waybill);
      return { index, outcome: "captured", capturedEventID, eventID: await ledgerHash(ctx, eventId) };
    });
  } catch (error) {
    if (error instanceof CaptureRefusal) return { index, outcome: "refused", capturedEventID, reason: error.reason };
    if (error instanceof CapturedMeanwhile) return (await duplicate())!;
    throw error;
  }
}

async function captureAll(
  ctx: ChainContext,
  jobId: string,
  captor: Captor,
  document: CaptureDocument,
  behaviour: ErrorBehaviour,
): Promise<EventResult[]> {
  const receivedOn = new Map<number, Waybill>();
  const each = async () => {
    const results: EventResult[] = [];
    for (let index = 0; index < document.events.length; index += 1)
      results.push(await captureEvent(ctx, jobId, captor, document, index, receivedOn));
    return results;
  };
  if (behaviour === "proceed") {
    const results = await each();
    await ctx.store.transaction(async () => await settleReceived(ctx, receivedOn.values()));
    return results;
  }
  let results: EventResult[] = [];
  try {
    await ctx.store.transaction(async () => {
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

/** Runs the job `jobId` over `document` and stores its results; a failure is stored as the job's too. */
export async function runCaptureJob(
  ctx: ChainContext,
  jobId: string,
  captor: Captor,
  document: CaptureDocument,
  behaviour: ErrorBehaviour,
): Promise<void> {
  let results: EventResult[];
  let failed = false;
  try {
    results = await captureAll(ctx, jobId, captor, document, behaviour);
  } catch (error) {
    failed = true;
    results = [{ index: -1, outcome: "refused", reason: message("epcisCapture.failed") }];
    throw error;
  } finally {
    const success =
      !failed && results!.every((result) => result.outcome !== "refused" && result.outcome !== "rolledBack");
    await ctx.store.run(
      `UPDATE _epcis_capture_jobs SET running = 0, success = ?, finished_at = ?, results = ? WHERE id = ?`,
      [success ? 1 : 0, ctx.records.now(), JSON.stringify(results!), jobId],
    );
  }
}
