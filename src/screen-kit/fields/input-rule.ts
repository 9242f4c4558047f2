// spec §5: the shared input rule. Only letters, digits and _ - ~ ` . @ # $ ^ & * ( ) + ￥ are
// accepted; anything else (spaces, %!=/:;“’, Chinese) fails with the exact message
// "不能输入%!=/:;“’等特殊字符与中文" (zh; screens.rules.inputRule in every locale).
import { INPUT_RULE_MESSAGE_KEY, passesInputRule } from "../../utils/input-rule";
import type { Translate } from "./translate";

export function inputRuleError(value: unknown, t: Translate): string | undefined {
  return passesInputRule(value) ? undefined : t(INPUT_RULE_MESSAGE_KEY);
}
