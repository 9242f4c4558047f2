// Is a looked-up string that no code row holds a mistyped code (its check character wrong) or
// simply no code? A rule whose codes end in a check character gives the shape: its length, its
// fixed text and level digit at their places, its alphabet. A string of that shape whose last
// character is not the check character of the rest is a format error; anything else is "no such
// code". This is the one place the lookup asks the code rules (code-rules/rule-shape.ts).
import type { ChainContext } from "../chain-context";
import { checkCharacterOf } from "../codes/code-rules/check-characters";
import { companyPrefix } from "../codes/code-rules/rule-of";
import { shapeOf, type CodeShape, type RuleRow } from "../codes/code-rules/rule-shape";
import { alphabetOf, checkSchemeOf, LEVEL_DIGITS, segmentLength } from "../codes/code-rules/segments";

/** Whether `code` could have been made by `shape` but for its last (check) character. */
function fits(code: string, shape: CodeShape): boolean {
  if (shape.kind === "sscc") {
    const start = `${shape.rule.extensionDigit}${shape.rule.companyPrefix}`;
    return code.length === 18 && /^\d+$/.test(code) && code.startsWith(start);
  }
  const { rule, level } = shape;
  if (rule.segments.at(-1)?.kind !== "check" || code.length !== rule.length) return false;
  const alphabet = alphabetOf(rule.charset);
  let at = 0;
  for (const segment of rule.segments) {
    const part = code.slice(at, at + segmentLength(segment));
    at += segmentLength(segment);
    if (segment.kind === "fixed" && part !== segment.text) return false;
    if (segment.kind === "level" && part !== LEVEL_DIGITS[level]) return false;
    if (
      (segment.kind === "random" || segment.kind === "sequence") &&
      ![...part].every((char) => alphabet.includes(char))
    )
      return false;
    if (segment.kind === "date" && !/^\d+$/.test(part)) return false;
  }
  return true;
}

const checkOf = (shape: CodeShape, body: string): string =>
  checkCharacterOf(shape.kind === "sscc" ? "gs1-mod10" : checkSchemeOf(shape.rule.charset), body);

/** True when `code` is one `shape` makes: its places, its alphabet and its check character (the seed's test holds every seeded code to it). */
export function isCodeOf(code: string, shape: CodeShape): boolean {
  if (!fits(code, shape)) return false;
  try {
    return checkOf(shape, code.slice(0, -1)) === code.at(-1);
  } catch {
    return false;
  }
}

/** True when `code` has the shape of a rule with a check character but its check character is wrong. */
export async function hasWrongCheckCharacter(ctx: ChainContext, code: string): Promise<boolean> {
  // A contract without code rules (test fixtures) has no shapes to tell a mistyped code by.
  if (!ctx.catalog.find("code_rules")?.byName.has("segments")) return false;
  const prefix = await companyPrefix(ctx);
  const shapes = (
    await ctx.store.all<RuleRow>(
      `SELECT "kind", "code_type", "length", "charset", "segments", "extension_digit" FROM "code_rules" ORDER BY "id"`,
    )
  )
    .map((row) => shapeOf(row, prefix).shape)
    .filter((shape): shape is CodeShape => shape !== undefined && fits(code, shape));
  if (!shapes.length) return false;
  return shapes.every((shape) => {
    try {
      return checkOf(shape, code.slice(0, -1)) !== code.at(-1);
    } catch {
      return false; // a body the check scheme cannot read is no code of this rule
    }
  });
}
