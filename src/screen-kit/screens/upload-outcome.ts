// What an upload's answer says, for its dialog: the rows written, the record it made and the rows it
// skipped (every upload call's answer, schema/contract/upload-answer.ts), or why it was refused.
export type UploadOutcome =
  | {
      readonly written?: number;
      readonly created?: string;
      readonly skipped: readonly { readonly row: number; readonly reason: string }[];
    }
  | { readonly refused: string; readonly problems: readonly (readonly [string, string])[] };

export function uploadOutcome(data: unknown): UploadOutcome {
  const answer = (data && typeof data === "object" ? data : {}) as Record<string, unknown>;
  const skipped = Array.isArray(answer.skipped)
    ? answer.skipped.flatMap((item: unknown) => {
        const problem = (item && typeof item === "object" ? item : {}) as Record<string, unknown>;
        return typeof problem.row === "number" && typeof problem.reason === "string"
          ? [{ row: problem.row, reason: problem.reason }]
          : [];
      })
    : [];
  return {
    ...(typeof answer.imported === "number" ? { written: answer.imported } : {}),
    ...(typeof answer.created === "string" ? { created: answer.created } : {}),
    skipped,
  };
}
