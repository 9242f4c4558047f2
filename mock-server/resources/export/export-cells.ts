// One exported row as the viewer reads it: enum values by their label in the export's
// language, references by the referred record's label, booleans in words, everything else as stored.
import type { ContractExportColumn } from "../../../schema/contract/server-contract";
import { cellText } from "../../db/cell-text";
import type { Row } from "../row-codec";

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

export function cellsOf(row: Row, columns: readonly ContractExportColumn[], language: ExportLanguage): Cell[] {
  return columns.map((column) => {
    const value = column.ref ? row[`${column.name}_label`] : row[column.name];
    if (value === null || value === undefined) return null;
    if (column.values) return column.values[cellText(value)]?.[language] ?? cellText(value);
    if (typeof value === "boolean") return YES_NO[language][value ? 0 : 1];
    if (typeof value === "number" || typeof value === "string") return value;
    return JSON.stringify(value);
  });
}
