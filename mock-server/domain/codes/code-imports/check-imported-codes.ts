// Every problem with the rows of an import, each naming its row and why: an empty cell, a code with
// characters a printed code cannot hold, a code the file repeats, a code already issued or imported
// (naming its batch). Pure but for a lookup of existing codes, so tests give the existing ones.
import { message, type Message } from "../../../../schema/contract/messages";
import type { CodeRow } from "./parse-code-file";

export const CODE_PATTERN = /^[0-9A-Za-z\-_.]{4,64}$/;

/** A bad row as an upload's answer lists it (schema/contract/upload-answer.ts): its reason in the answer's language. */
export interface RowProblem {
  readonly row: number;
  readonly code: string;
  readonly reason: string;
}

/** A bad row of an import, its reason a message naming the row. */
export interface CodeRowProblem {
  readonly row: number;
  readonly code: string;
  readonly text: Message;
}

/** The batch (or order) an existing code came with, or undefined for a code that does not exist. */
export type ExistingCodes = (codes: readonly string[]) => Promise<ReadonlyMap<string, string>>;

export async function checkImportedCodes(
  rows: readonly Pick<CodeRow, "row" | "code">[],
  existing: ExistingCodes,
): Promise<CodeRowProblem[]> {
  const problems: CodeRowProblem[] = [];
  const firstRow = new Map<string, number>();
  for (const { row, code } of rows) {
    if (!code) problems.push({ row, code, text: message("codes.import.rowNoCode", { row }) });
    else if (!CODE_PATTERN.test(code))
      problems.push({ row, code, text: message("codes.import.rowBadCode", { row, code }) });
    else if (firstRow.has(code))
      problems.push({ row, code, text: message("codes.import.rowRepeats", { row, code, first: firstRow.get(code)! }) });
    else firstRow.set(code, row);
  }
  const taken = await existing([...firstRow.keys()]);
  for (const [code, row] of firstRow) {
    const batch = taken.get(code);
    if (batch !== undefined)
      problems.push({ row, code, text: message("codes.import.rowExists", { row, code, batch }) });
  }
  return problems.sort((a, b) => a.row - b.row);
}
