// The refusals of the chain's rules: why a rule says no, in the domain's words. A refusal carries
// its reason (the kind of no), the message and the fields it is about, and no HTTP status: the HTTP
// side (mock-server/refusals.ts `answerOf`, used by errors.ts) chooses the answer's status and code
// by the reason.
import { message, messageIn, type Message } from "../../schema/contract/messages";

/** `text` about `field`, unless it already names one. */
export const aboutField = (text: Message, field?: string): Message =>
  field && !text.field ? { ...text, field } : text;

/** A refusal of any layer: its message and, for a form, each field's rule. */
export class Refusal extends Error {
  /** What the envelope's key, params and field carry. */
  readonly text: Message;
  /** Field → the rule it breaks, for a form to show on each field. */
  readonly fields?: Readonly<Record<string, Message>>;
  constructor(text: Message, fields?: Readonly<Record<string, Message>>) {
    const resolved = aboutField(text);
    super(messageIn("en", resolved));
    this.name = "Refusal";
    this.text = resolved;
    if (fields)
      this.fields = Object.fromEntries(Object.entries(fields).map(([name, rule]) => [name, aboutField(rule)]));
  }
}

/**
 * Why a rule refuses: input it cannot take (invalid), a state that does not allow the change
 * (conflict), a business number already taken (duplicate), something named that does not exist
 * (notFound), a generic call of a record a rule owns (ruleOwned).
 */
export type RefusalReason = "invalid" | "conflict" | "duplicate" | "notFound" | "ruleOwned";

export class ChainRefusal extends Refusal {
  constructor(
    readonly reason: RefusalReason,
    text: Message,
    fields?: Readonly<Record<string, Message>>,
  ) {
    super(text, fields);
    this.name = "ChainRefusal";
  }
}

/** The state things are in refuses the change: naming the field and why. */
export const conflict = (field: string, rule: Message): ChainRefusal =>
  new ChainRefusal("conflict", aboutField(rule, field), { [field]: rule });

/** One field's value is refused: "field: rule". */
export const invalid = (field: string, rule: Message): ChainRefusal =>
  new ChainRefusal("invalid", aboutField(rule, field), { [field]: rule });

/** What the request names does not exist. */
export const notFound = (text: Message = message("common.notFound")): ChainRefusal =>
  new ChainRefusal("notFound", text);
