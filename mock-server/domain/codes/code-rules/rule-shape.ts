// A code_rules row as the shape its codes take: segments (parsed and checked) or an SSCC (the
// enterprise's GS1 company prefix). Every reason a row cannot make codes is one sentence, so the
// create, the edit and the generation refuse it the same way, naming what is wrong.
import { message, type Message } from "../../../../schema/contract/messages";
import { cellText } from "../../../db/cell-text";
import { levelWord } from "../code-words";
import { segmentsOf } from "./segment-rows";
import { ruleProblems, segmentLength, type Level, type SegmentRule } from "./segments";
import { SSCC_LENGTH, ssccRuleProblems, type SsccRule } from "./sscc";

export type CodeShape =
  | { readonly kind: "segments"; readonly rule: SegmentRule; readonly level: Level }
  | { readonly kind: "sscc"; readonly rule: SsccRule };

/** The columns of a code_rules row the shape is made of. */
export interface RuleRow {
  readonly kind?: unknown;
  readonly code_type?: unknown;
  readonly length?: unknown;
  readonly charset?: unknown;
  readonly segments?: unknown;
  readonly extension_digit?: unknown;
}

const LEVELS: readonly Level[] = ["item", "box", "case", "pallet"];

/** The shape of `row`, or its problems. `companyPrefix`: 维护企业's gs1_company_prefix. */
export function shapeOf(
  row: RuleRow,
  companyPrefix: string | null | undefined,
): { shape?: CodeShape; problems: Message[] } {
  const length = Number(row.length);
  if (row.kind === "sscc") {
    const problems: Message[] = [];
    if (row.code_type !== "pallet")
      problems.push(
        message("codes.rule.ssccForPallets", {
          type: levelWord("codeType", row.code_type == null ? null : cellText(row.code_type)),
        }),
      );
    if (length !== SSCC_LENGTH) problems.push(message("codes.rule.ssccLength", { length, sscc: SSCC_LENGTH }));
    if (!companyPrefix) problems.push(message("codes.rule.noCompanyPrefix"));
    const rule: SsccRule = { extensionDigit: cellText(row.extension_digit), companyPrefix: companyPrefix ?? "" };
    if (companyPrefix) problems.push(...ssccRuleProblems(rule));
    return problems.length ? { problems } : { shape: { kind: "sscc", rule }, problems };
  }
  if (row.charset !== "numeric" && row.charset !== "alphanumeric")
    return { problems: [message("codes.rule.charset", { charset: String(row.charset) })] };
  const parsed = segmentsOf(row.segments);
  if (!parsed.segments) return { problems: parsed.problems };
  const rule: SegmentRule = { charset: row.charset, length, segments: parsed.segments };
  const problems = ruleProblems(rule);
  const level = LEVELS.includes(row.code_type as Level) ? (row.code_type as Level) : undefined;
  if (!level && parsed.segments.some((segment) => segment.kind === "level"))
    problems.push(message("codes.rule.levelNeedsType"));
  return problems.length ? { problems } : { shape: { kind: "segments", rule, level: level ?? "item" }, problems };
}

/** The sum of the segments' lengths (for a message naming it), undefined when they do not parse. */
export function segmentsLength(segments: unknown): number | undefined {
  return segmentsOf(segments).segments?.reduce((sum, segment) => sum + segmentLength(segment), 0);
}
