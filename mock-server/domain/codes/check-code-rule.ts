// code_rules onCreate (生码规则): a rule is stored only if it can make codes — its declared length
// equals the sum of its segments (the refusal names both numbers), its random segments give at
// least 60 bits, an SSCC rule has the enterprise's GS1 company prefix. An edit of a rule that has
// not issued codes yet is checked the same way (codeRuleEditCheck, a write hook: the manifest has
// no onUpdate); once it has issued codes its shape is rule-owned (manifest ruleOwned).
import type { ChainContext } from "../chain-context";
import { message } from "../../../schema/contract/messages";
import { ChainRefusal } from "../refusal";
import type { Row } from "../../resources/row-codec";
import type { WriteHook } from "../write-hook";
import { CODE_RULES, ruleRow, storedShape } from "./code-rules/rule-of";
import { parseSegments } from "./code-rules/segment-notation";
import { rowsOfSegments } from "./code-rules/segment-rows";
import { problemList } from "./code-words";
import type { CreateHandler } from "../create-handler";

async function refuseBadShape(ctx: ChainContext, row: Row): Promise<void> {
  const { problems } = await storedShape(ctx, row);
  if (!problems.length) return;
  throw new ChainRefusal("invalid", message("codes.badRule", { rule: String(row.rule_code), problems }), {
    segments: problemList(problems),
  });
}

const withDefaults = (ctx: ChainContext, input: Row): Row => {
  const info = ctx.catalog.info(CODE_RULES);
  return {
    ...Object.fromEntries(
      info.stored.filter((column) => column.default !== undefined).map((column) => [column.name, column.default]),
    ),
    ...input,
  };
};

export const checkCodeRule: CreateHandler = {
  run: async ({ ctx, input }) => {
    await refuseBadShape(ctx, withDefaults(ctx, input));
    return undefined;
  },
};

/**
 * The longest text read as notation: a rule's sixteen segments (the field's maxItems), their names
 * and " + " between them and at most 64 characters of code fit well within it.
 */
const NOTATION_MAX_LENGTH = 512;

/**
 * Segments sent as notation ("level + random:18 + check": an import, an older client) are read as
 * the rows they stand for; a notation with mistakes is refused as a rule's bad shape is, naming them.
 */
async function readNotation(ctx: ChainContext, input: Row): Promise<Row> {
  // Longer text is no notation (its segments could not fit a code): the schema refuses it as it is.
  if (typeof input.segments !== "string" || input.segments.length > NOTATION_MAX_LENGTH) return input;
  const parsed = parseSegments(input.segments);
  if (parsed.segments) return { ...input, segments: rowsOfSegments(parsed.segments) };
  const stored = typeof input.id === "number" ? await ruleRow(ctx, input.id) : undefined;
  const rule = [input.rule_code, stored?.rule_code].find((code): code is string => typeof code === "string") ?? "";
  throw new ChainRefusal("invalid", message("codes.badRule", { rule, problems: parsed.problems }), {
    segments: problemList(parsed.problems),
  });
}

/**
 * The same check after an edit, in the edit's transaction (a refusal rolls it back); a create or
 * an edit may send its segments as notation.
 */
export const codeRuleEditCheck = (ctx: ChainContext): WriteHook => ({
  readInput: async (input) => await readNotation(ctx, input),
  afterUpdate: async (id) => {
    const row = await ruleRow(ctx, id);
    if (row) await refuseBadShape(ctx, row);
  },
});
