// Every problem with the rows of an import, each naming its row and why: an empty cell, a code with
// characters a printed code cannot hold, a code the file repeats, a code already issued or imported
// (naming its batch). Pure over a lookup of existing codes, so tests give the existing ones.
import type { CodeRow } from "./parse-code-file";

export const CODE_PATTERN = /^[0-9A-Za-z\-_.]{4,64}$/;

export interface RowProblem {
  readonly row: number;
  readonly code: string;
  readonly reason: string;
}

/** The batch (or order) an existing code came with, or undefined for a code that does not exist. */
export type ExistingCodes = (codes: readonly string[]) => ReadonlyMap<string, string>;

export function checkImportedCodes(rows: readonly CodeRow[], existing: ExistingCodes): RowProblem[] {
  const problems: RowProblem[] = [];
  const firstRow = new Map<string, number>();
  for (const { row, code } of rows) {
    if (!code) problems.push({ row, code, reason: `row ${row}: no code` });
    else if (!CODE_PATTERN.test(code)) problems.push({ row, code, reason: `row ${row}: code ${code} is not 4 to 64 letters, digits, - _ or .` });
    else if (firstRow.has(code)) problems.push({ row, code, reason: `row ${row}: code ${code} repeats row ${firstRow.get(code)}` });
    else firstRow.set(code, row);
  }
  const taken = existing([...firstRow.keys()]);
  for (const [code, row] of firstRow) {
    const batch = taken.get(code);
    if (batch !== undefined) problems.push({ row, code, reason: `row ${row}: code ${code} already exists (batch ${batch})` });
  }
  return problems.sort((a, b) => a.row - b.row);
}
