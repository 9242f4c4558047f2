// A worksheet's XML written as text (SpreadsheetML, ECMA-376 Part 1): one string per row, no cell
// objects. Numbers are numeric cells; text is an inline string (t="inlineStr"), so no shared-strings
// table has to be held until the end; an empty cell is left out.
import type { Cell } from "./export-cells";

export const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
export const SHEET_END = "</sheetData></worksheet>";

// eslint-disable-next-line no-control-regex -- XML 1.0 cannot hold these control characters: finding them is the point
const NEEDS_ESCAPE = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
// eslint-disable-next-line no-control-regex -- as above
const ESCAPED = /[&<>]|[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

/** Text as XML character data. Characters XML 1.0 cannot hold at all (most C0 controls) are dropped. */
export function xmlText(text: string): string {
  return NEEDS_ESCAPE.test(text) ? text.replace(ESCAPED, (char) => ENTITIES[char] ?? "") : text;
}

/** Spreadsheet column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

function textCell(ref: string, text: string): string {
  // Leading or trailing blanks survive only when the cell says so.
  const keep = text.length > 0 && (isSpace(text.charCodeAt(0)) || isSpace(text.charCodeAt(text.length - 1)));
  return `<c r="${ref}" t="inlineStr"><is><t${keep ? ' xml:space="preserve"' : ""}>${xmlText(text)}</t></is></c>`;
}

/** One row, numbered `number` (1-based). One short string a row: turned into bytes row by row, it
 * costs a fifth of what joining a page into one long string does before encoding it. */
export function rowXml(row: readonly Cell[], number: number, letters: readonly string[]): string {
  const n = String(number);
  let xml = `<row r="${n}">`;
  for (let column = 0; column < row.length; column++) {
    const value = row[column];
    if (value === null || value === undefined) continue;
    const ref = (letters[column] ?? columnLetters(column)) + n;
    xml +=
      typeof value === "number" && Number.isFinite(value)
        ? `<c r="${ref}"><v>${value}</v></c>`
        : textCell(ref, String(value));
  }
  return xml + "</row>";
}
