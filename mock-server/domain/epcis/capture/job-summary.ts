// What the console lists of a finished capture job (manifest epcis_capture_jobs), kept on its row
// when it ends: how many of its events were accepted (captured, or a duplicate of one captured
// before), refused, or rolled back with a refused one; and its refusals, each with the event's index
// in the document, the eventID the partner gave it and GS1's hash of it as sent (where either is
// known) and the reason as a message, worded for whoever reads it. A job refused before it ran
// (its document unreadable) has one refusal of no event. The console lists at most
// LISTED_REFUSALS of them: a document of 10,000 wrong events would otherwise weigh on every page of
// the list; GET /epcis/capture/{id} reports every one.
import type { Message } from "../../../../schema/contract/messages";
import type { CaptureDocument } from "./capture-document";
import type { EventOutcome, EventResult } from "./event-result";

export const LISTED_REFUSALS = 100;

export interface Refusal {
  /** The event's place in the document (0-based); null for a refusal of the job as a whole. */
  readonly index: number | null;
  /** The eventID the document gave the event, if any. */
  readonly event_id: string | null;
  /** GS1's event hash of the event as sent, when one could be made. */
  readonly event_hash: string | null;
  readonly reason: Message;
}

export interface JobSummary {
  readonly accepted: number;
  readonly refused: number;
  readonly rolledBack: number;
  readonly refusals: readonly Refusal[];
}

function declaredEventID(document: CaptureDocument | undefined, index: number): string | null {
  const eventID = document?.events[index]?.eventID;
  return typeof eventID === "string" ? eventID : null;
}

export function jobSummary(results: readonly EventResult[], document?: CaptureDocument): JobSummary {
  const events = results.filter((result) => result.index >= 0);
  const count = (...outcomes: EventOutcome[]) => events.filter((result) => outcomes.includes(result.outcome)).length;
  const refusals = results
    .filter((result) => result.outcome === "refused" && result.reason)
    .slice(0, LISTED_REFUSALS)
    .map((result) => ({
      index: result.index >= 0 ? result.index : null,
      event_id: result.index >= 0 ? declaredEventID(document, result.index) : null,
      event_hash: result.capturedEventID ?? null,
      reason: result.reason!,
    }));
  return {
    accepted: count("captured", "duplicate"),
    refused: count("refused"),
    rolledBack: count("rolledBack"),
    refusals,
  };
}
