// What an upload's answer says, for its dialog: the rows written, the batch it made and the rows it
// skipped (the import's answer, schema/contract/code-batch-calls.ts), or why it was refused.
export type UploadOutcome =
  | { readonly written?: number; readonly batch?: string; readonly skipped: readonly { readonly row: number; readonly reason: string }[] }
  | { readonly refused: string; readonly problems: readonly (readonly [string, string])[] };

export function uploadOutcome(data: unknown): UploadOutcome {
  const answer = (data && typeof data === "object" ? data : {}) as Record<string, unknown>;
  const skipped = Array.isArray(answer.skipped)
    ? answer.skipped.flatMap((item: unknown) => {
        const problem = (item && typeof item === "object" ? item : {}) as Record<string, unknown>;
        return typeof problem.row === "number" && typeof problem.reason === "string" ? [{ row: problem.row, reason: problem.reason }] : [];
      })
    : [];
  return {
    ...(typeof answer.imported === "number" ? { written: answer.imported } : {}),
    ...(typeof answer.batch_no === "string" ? { batch: answer.batch_no } : {}),
    skipped,
  };
}
