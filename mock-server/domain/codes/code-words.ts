// The words a refusal of the chain's rules puts inside its sentence — a code's level, its status, a
// ledger event, a list of statuses — as messages of the catalog (codes.*), so every language
// renders them in its own words; a value the catalog has no word for is shown as it is.
import { isMessageKey, message, type Message } from "../../../schema/contract/messages";

const wordOf = (prefix: string, value: string): Message => {
  const key = `codes.${prefix}.${value}`;
  return isMessageKey(key) ? message(key) : message("codes.value", { value });
};

/** A packaging level as a bare word ("box"), with its article ("a box"), or as a code of it ("a box code"). */
export type LevelForm = "level" | "aLevel" | "aLevelCode" | "codeType";

/** A code's level (its code_type) in `form`; untyped when it has none. */
export const levelWord = (form: LevelForm, codeType: string | null | undefined): Message =>
  wordOf(form, codeType ?? "untyped");

/** A code's status; `none` says how a code without one is described. */
export const statusWord = (status: string | null | undefined, none: "none" | "noStatus" = "none"): Message =>
  wordOf("status", status ?? none);

export const workOrderStatusWord = (status: string): Message => wordOf("workOrderStatus", status);

/** A ledger event kind. */
export const eventWord = (kind: string): Message => wordOf("event", kind);

/** "a", "a or b", "a or b or c". */
export function eitherOf(words: readonly Message[]): Message {
  const [first, ...rest] = words;
  if (!first) return message("codes.value", { value: "" });
  return rest.length ? message("codes.either", { first, rest: eitherOf(rest) }) : first;
}

/** A list of problems as one message (a field's rule). */
export const problemList = (problems: readonly Message[]): Message => message("codes.problems", { problems });
