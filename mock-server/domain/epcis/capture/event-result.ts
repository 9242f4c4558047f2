// What a capture job reports of each event of its document: its outcome, GS1's hash of it as sent,
// the ledger's eventID of what was stored, and why it was refused or undone. The job stores these
// (capture-job.ts); its report (capture-report.ts) and its summary (job-summary.ts) read them.
import type { Message } from "../../../../schema/contract/messages";

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
