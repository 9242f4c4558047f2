// A CSV cell that begins with =, +, -, @, a tab or a carriage return is read by a spreadsheet as a
// formula, so a dealer named =HYPERLINK(…) would become a live link in whoever opens the export.
// As OWASP's CSV-injection guidance says, such a cell is written with a leading apostrophe, which
// the spreadsheet shows as text. A cell that is a plain number (-12.5, +3) is left as it is, and
// number values never reach this (csv-stringify casts them on their own).
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** csv-stringify's cast option for every CSV the server writes. */
export const SAFE_CSV_CAST = { string: neutraliseFormula } as const;
