// The console's capture jobs (manifest epcis_capture_jobs) as a reader sees them: each refusal's
// reason, kept as a message of the catalog (job-summary.ts), worded in the reader's language, never
// in the language of whoever sent the document.
import { isMessageKey, messageIn, type Message, type MessageLanguage } from "../../../../schema/contract/messages";

export const CAPTURE_JOBS = "epcis_capture_jobs";

const isMessage = (value: unknown): value is Message =>
  value !== null && typeof value === "object" && isMessageKey((value as { key?: unknown }).key);

/** Words the reasons of `rows`' refusals for a reader of `language`, in place. */
export function wordRefusals(rows: readonly Record<string, unknown>[], language: MessageLanguage): void {
  for (const row of rows) {
    if (!Array.isArray(row.refusals)) continue;
    row.refusals = (row.refusals as Record<string, unknown>[]).map((refusal) =>
      isMessage(refusal.reason) ? { ...refusal, reason: messageIn(language, refusal.reason) } : refusal,
    );
  }
}
