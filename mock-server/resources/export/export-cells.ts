// One exported row as the viewer reads it: enum values by their label in the export's
// language, references by the referred record's label, booleans in words, timestamps on the
// business zone's clock (the day a report counts them in), everything else as stored.
import type { ContractExportColumn } from "../../../schema/contract/server-contract";
import { cellText } from "../../db/cell-text";
import type { Row } from "../row-codec";
import { businessTimeText } from "../../time/business-day";

/** Which columns hold timestamps (stored in UTC), and the business time zone they are shown in. */
export interface ExportTimes {
  readonly zone: string;
  readonly columns: ReadonlySet<string>;
}

export const EXPORT_LANGUAGES = ["zh", "en", "es", "ja"] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

const YES_NO: Record<ExportLanguage, readonly [string, string]> = {
  zh: ["是", "否"],
  en: ["Yes", "No"],
  es: ["Sí", "No"],
  ja: ["はい", "いいえ"],
};

export type Cell = string | number | null;

export function headerOf(columns: readonly ContractExportColumn[], language: ExportLanguage): string[] {
  return columns.map((column) => column.label[language] ?? column.name);
}

export function cellsOf(
  row: Row,
  columns: readonly ContractExportColumn[],
  language: ExportLanguage,
  times?: ExportTimes,
): Cell[] {
  return columns.map((column) => {
    const value = column.ref ? row[`${column.name}_label`] : row[column.name];
    if (value === null || value === undefined) return null;
    if (times?.columns.has(column.name) && typeof value === "string" && !Number.isNaN(Date.parse(value)))
      return businessTimeText(Date.parse(value), times.zone);
    if (column.values) return column.values[cellText(value)]?.[language] ?? cellText(value);
    if (typeof value === "boolean") return YES_NO[language][value ? 0 : 1];
    if (typeof value === "number" || typeof value === "string") return value;
    // A multi-value field: its values (or, for references, their labels) in order, in one cell.
    if (Array.isArray(value)) return value.map(cellText).join(", ");
    return JSON.stringify(value);
  });
}
