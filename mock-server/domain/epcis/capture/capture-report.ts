// A capture job as GS1's REST binding gives it (EPCIS 2.0, the capture job: captureID, createdAt,
// finishedAt, running, success, captureErrorBehaviour, errors): each refused event is a problem
// (ValidationException) whose instance points at the event in the document and whose detail is
// its reason in the reader's language. Our extension member tc:events lists every event's outcome
// (captured, duplicate, refused, rolledBack) with the ledger's eventID of what was stored.
import { message, messageIn, type MessageLanguage } from "../../../../schema/contract/messages";
import type { ChainContext } from "../../chain-context";
import { noSuchResource } from "../epcis-problem";
import type { EventResult } from "./event-result";

export const JOB_COLUMNS = "id, error_behaviour, created_at, finished_at, running, success, results";

export interface JobRow {
  readonly id: string;
  readonly error_behaviour: string;
  readonly created_at: string;
  readonly finished_at: string | null;
  readonly running: number;
  readonly success: number | null;
  readonly results: string | null;
}

export async function captureJobReport(
  ctx: ChainContext,
  id: string,
  language: MessageLanguage,
): Promise<Record<string, unknown>> {
  const job = await ctx.store.get<JobRow>(`SELECT ${JOB_COLUMNS} FROM _epcis_capture_jobs WHERE id = ?`, [id]);
  if (!job) throw noSuchResource(message("epcisCapture.noCaptureJob", { id }));
  return reportOf(job, language);
}

/** A stored job in GS1's shape, its refusals worded in `language`. */
export function reportOf(job: JobRow, language: MessageLanguage): Record<string, unknown> {
  const results = JSON.parse(job.results ?? "[]") as EventResult[];
  const running = Number(job.running) === 1;
  return {
    captureID: job.id,
    createdAt: job.created_at,
    ...(job.finished_at ? { finishedAt: job.finished_at } : {}),
    running,
    success: !running && Number(job.success) === 1,
    captureErrorBehaviour: job.error_behaviour,
    errors: results
      .filter((result) => result.reason)
      .map((result) => ({
        type: "epcisException:ValidationException",
        title: "ValidationException",
        status: 400,
        detail: messageIn(language, result.reason!),
        ...(result.index >= 0 ? { instance: `/epcisBody/eventList/${result.index}` } : {}),
      })),
    "tc:events": results
      .filter((result) => result.index >= 0)
      .map((result) => ({
        index: result.index,
        outcome: result.outcome,
        ...(result.capturedEventID ? { capturedEventID: result.capturedEventID } : {}),
        ...(result.eventID ? { eventID: result.eventID } : {}),
      })),
  };
}
