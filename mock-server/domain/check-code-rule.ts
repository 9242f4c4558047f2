// code_rules onCreate (生码规则): a rule is stored only if it can make codes — its declared length
// equals the sum of its segments (the refusal names both numbers), its random segments give at
// least 60 bits, an SSCC rule has the enterprise's GS1 company prefix. An edit of a rule that has
// not issued codes yet is checked the same way (codeRuleEditCheck, a write hook: the manifest has
// no onUpdate); once it has issued codes its shape is rule-owned (manifest ruleOwned).
import type { AppContext } from "../context";
import { message } from "../../schema/contract/messages";
import { ApiError, ErrorCode } from "../refusals";
import type { Row } from "../resources/row-codec";
import type { WriteHook } from "../resources/write-hooks";
import { CODE_RULES, ruleRow, storedShape } from "./code-rules/rule-of";
import { problemList } from "./code-words";
import type { CreateHandler } from "./create-handler";

function refuseBadShape(ctx: AppContext, row: Row): void {
  const { problems } = storedShape(ctx, row);
  if (!problems.length) return;
  throw new ApiError(400, ErrorCode.validation, message("codes.badRule", { rule: String(row.rule_code), problems }), {
    segments: problemList(problems),
  });
}

const withDefaults = (ctx: AppContext, input: Row): Row => {
  const info = ctx.catalog.info(CODE_RULES);
  return {
    ...Object.fromEntries(
      info.stored.filter((column) => column.default !== undefined).map((column) => [column.name, column.default]),
    ),
    ...input,
  };
};

export const checkCodeRule: CreateHandler = {
  run: ({ ctx, input }) => {
    refuseBadShape(ctx, withDefaults(ctx, input));
    return undefined;
  },
};

/** The same check after an edit, in the edit's transaction (a refusal rolls it back). */
export const codeRuleEditCheck = (ctx: AppContext): WriteHook => ({
  afterUpdate: (id) => {
    const row = ruleRow(ctx, id);
    if (row) refuseBadShape(ctx, row);
  },
});
