// spec §5: the shared input rule. Only letters, digits and _ - ~ ` . @ # $ ^ & * ( ) + ￥ are
// accepted; anything else (spaces, %!=/:;“’, Chinese) fails with the exact message
// "不能输入%!=/:;“’等特殊字符与中文" (zh; screens.rules.inputRule in every locale). The login form
// and the screens' field rules both check with this one function.
import { INPUT_RULE_PATTERN } from "../../schema/contract/patterns";

const INPUT_RULE_REGEXP = new RegExp(INPUT_RULE_PATTERN, "u");
export const INPUT_RULE_MESSAGE_KEY = "screens.rules.inputRule";

/** Empty values pass: whether a value is needed at all is the required rule's business. */
export function passesInputRule(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return true;
  // A form's values are text or numbers; anything else is checked as String() writes it, and fails.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string
  return INPUT_RULE_REGEXP.test(String(value));
}
