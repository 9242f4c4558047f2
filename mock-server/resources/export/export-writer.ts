// What every export format's writer does (CSV in export-writers.ts, XLSX in xlsx-writer.ts), apart
// from the choice between them, so a format's writer depends on this and not on its siblings.
import type { Cell } from "./export-cells";

export interface ExportWriter {
  /** Writes a page of rows; resolves when the output can take more. */
  rows(rows: readonly Cell[][]): Promise<void>;
  end(): Promise<void>;
}
