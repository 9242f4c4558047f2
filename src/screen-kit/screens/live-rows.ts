// A list whose records show a progress bar (manifest x-ui progress) asks again while one of the
// shown records is still running (its `while` values), so a generation job's bar moves on its own.
import type { FieldConfig } from "../../../schema/contract/screen-config";
import { actionApplies } from "./screen-buttons";

export const LIVE_REFRESH_MS = 2_000;

/** Whether any shown record matches a progress bar's `while`. */
export function hasRunningRows(
  fields: readonly Pick<FieldConfig, "progress">[],
  rows: readonly Readonly<Record<string, unknown>>[],
): boolean {
  const running = fields.flatMap((field) => (field.progress?.while ? [field.progress.while] : []));
  return running.some((when) => rows.some((row) => actionApplies({ when }, row)));
}

/** The part of a record a bar shows: done of total (clamped to 0–100 %), and whether it still runs. */
export function progressOf(
  progress: NonNullable<FieldConfig["progress"]>,
  done: unknown,
  record: Readonly<Record<string, unknown>>,
): { done: number; total: number; percent: number; running: boolean } {
  const count = Number(done) || 0;
  const total = Number(record[progress.of]) || 0;
  const percent = total > 0 ? Math.min(100, Math.max(0, Math.floor((count / total) * 100))) : 0;
  return {
    done: count,
    total,
    percent,
    running: progress.while ? actionApplies({ when: progress.while }, record) : false,
  };
}
