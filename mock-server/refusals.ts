// The refusals the server's rules raise: the domain rules, the generic resource calls, sign-in and
// access all throw an ApiError built here. A refusal carries its envelope's status, code and message
// (key, params, field); it knows nothing of HTTP beyond that number, and errors.ts, the HTTP side,
// turns one into the envelope of the answer.
import { ERROR_CODES } from "../schema/contract/envelope";
import { message, messageIn, type Message } from "../schema/contract/messages";

/** The code table (schema/contract/envelope.ts); README.md documents it for the console team. */
export const ErrorCode = ERROR_CODES;

/** `text` about `field`, unless it already names one. */
const asMessage = (text: Message, field?: string): Message => (field && !text.field ? { ...text, field } : text);

export class ApiError extends Error {
  /** What the envelope's key, params and field carry. */
  readonly text: Message;
  /** Field → the rule it breaks, for a form to show on each field. */
  readonly fields?: Readonly<Record<string, Message>>;
  constructor(
    readonly statusCode: number,
    readonly code: number,
    text: Message,
    fields?: Readonly<Record<string, Message>>,
  ) {
    const resolved = asMessage(text);
    super(messageIn("en", resolved));
    this.name = "ApiError";
    this.text = resolved;
    if (fields) this.fields = Object.fromEntries(Object.entries(fields).map(([name, rule]) => [name, asMessage(rule)]));
  }
}

/** Throws the 400 of every failing field (field → rule), named by the first; nothing when none failed. */
export function refuseInvalid(errors: Readonly<Record<string, Message>>): void {
  const [first] = Object.entries(errors);
  if (first) throw new ApiError(400, ErrorCode.validation, asMessage(first[1], first[0]), { ...errors });
}

/** A domain rule refuses the request in the state things are in: 409, naming the field and why. */
export const conflict = (field: string, rule: Message): ApiError =>
  new ApiError(409, ErrorCode.actionNotApplicable, asMessage(rule, field), { [field]: rule });

/** A validation failure of one field: "field: rule". */
export function invalid(field: string, rule: Message): ApiError {
  return new ApiError(400, ErrorCode.validation, asMessage(rule, field), { [field]: rule });
}

export const notFound = (text: Message = message("common.notFound")): ApiError =>
  new ApiError(404, ErrorCode.notFound, text);
/** 404 of one record: "<resource> <id> does not exist". */
export const recordMissing = (resource: string, id: unknown): ApiError =>
  notFound(message("common.recordMissing", { resource, id: String(id) }));
export const forbidden = (text: Message = message("common.forbidden")): ApiError =>
  new ApiError(403, ErrorCode.forbidden, text);
export const sessionInvalid = (text: Message = message("common.sessionInvalid")): ApiError =>
  new ApiError(403, ErrorCode.sessionInvalid, text);
export const sessionExpired = (text: Message = message("common.sessionExpired")): ApiError =>
  new ApiError(403, ErrorCode.sessionExpired, text);
export const duplicate = (field: string, value: unknown): ApiError => {
  const text = message("common.rule.duplicate", { value: JSON.stringify(value) ?? String(value) }, field);
  return new ApiError(409, ErrorCode.duplicate, text, { [field]: message("common.rule.alreadyExists") });
};
export const inUse = (text: Message): ApiError => new ApiError(409, ErrorCode.inUse, text);
export const passwordChangeRequired = (): ApiError =>
  new ApiError(403, ErrorCode.passwordChangeRequired, message("common.passwordChangeRequired"));
type TooManyKey = "common.tooManySignIns" | "common.tooManyRequests" | "common.tooManyUnknownCodes";
export const tooManyRequests = (waitMs: number, key: TooManyKey = "common.tooManySignIns"): ApiError =>
  new ApiError(429, ErrorCode.tooManyRequests, message(key, { seconds: Math.ceil(waitMs / 1000) }));
export const loginFailed = (): ApiError => new ApiError(401, ErrorCode.loginFailed, message("common.loginFailed"));
