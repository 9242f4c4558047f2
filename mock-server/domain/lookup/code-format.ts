// Is a looked-up string that no code row holds a mistyped code (its check character wrong) or
// simply no code? A rule with a check character says the shape: its prefix, its length, its
// alphabet. A string of that shape whose last character is not the check character of the rest
// is a format error; anything else is "no such code". When code rules become segment lists
// (issue 10 item 1), this is the one place that asks them.
import type { AppContext } from "../../context";
import { alphabetOf, bodyLength, checkCharacter, type CodeRule } from "../code-values";

interface RuleRow {
  readonly prefix: string | null;
  readonly length: number;
  readonly charset: string;
}

// The length the rule really issues: a body too short for 60 random bits is lengthened (code-values.ts).
const fits = (code: string, rule: CodeRule): boolean =>
  code.length === rule.prefix.length + bodyLength(rule) + 1 && code.startsWith(rule.prefix) && [...code.slice(rule.prefix.length)].every((char) => alphabetOf(rule).includes(char));

/** True when `code` has the shape of a rule with a check character but its check character is wrong. */
export function hasWrongCheckCharacter(ctx: AppContext, code: string): boolean {
  const rules = ctx.store.all<RuleRow>(`SELECT "prefix" AS prefix, "length" AS length, "charset" AS charset FROM "code_rules" WHERE "check_digit" = 1 ORDER BY "id"`);
  const shaped = rules
    .map((row): CodeRule => ({ prefix: row.prefix ?? "", length: row.length, charset: row.charset, checkDigit: true }))
    .filter((rule) => fits(code, rule));
  if (!shaped.length) return false;
  return shaped.every((rule) => {
    const body = code.slice(rule.prefix.length, -1);
    return checkCharacter(body, alphabetOf(rule)) !== code.at(-1);
  });
}
