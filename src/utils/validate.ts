// spec §5: the shared input rule (the check itself is input-rule.ts's, the screens' fields use it too), and the account-name helper.
import { INPUT_RULE_MESSAGE } from "../../schema/contract/patterns";
import { passesInputRule } from "./input-rule";

/** spec §5: the exact message (zh; screens.rules.inputRule carries it in every language). */
export { INPUT_RULE_MESSAGE };

/** Letters, digits, _ - ~ ` . @ # $ ^ & * ( ) + ￥ and nothing else; empty passes (required decides). */
export const isValidInput = (value: unknown): boolean => passesInputRule(value);

const VALID_USERNAMES = ["admin", "editor"];

/** spec §5: only admin or editor, after trimming. */
export function validUsername(name: string): boolean {
  return VALID_USERNAMES.includes(name.trim());
}
