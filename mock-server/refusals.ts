// The refusals the server raises: the generic resource calls, sign-in and access throw an ApiError
// built here, which carries its envelope's status, code and message (key, params, field). The
// chain's rules throw refusals of their own (domain/refusal.ts) that name a reason and no status;
// answerOf gives each its status and code here, and errors.ts, the HTTP side, turns the ApiError
// into the envelope of the answer.
import { ERROR_CODES } from "../schema/contract/envelope";
import { message, type Message } from "../schema/contract/messages";
import { aboutField, ChainRefusal, Refusal, type RefusalReason } from "./domain/refusal";

/** The code table (schema/contract/envelope.ts); README.md documents it for the console team. */
export const ErrorCode = ERROR_CODES;

const asMessage = aboutField;

export class ApiError extends Refusal {
  constructor(
    readonly statusCode: number,
    readonly code: number,
    text: Message,
    fields?: Readonly<Record<string, Message>>,
  ) {
    super(text, fields);
    this.name = "ApiError";
  }
}

/** The status and code of the answer to each reason a chain rule refuses for. */
const ANSWERS: Readonly<Record<RefusalReason, { readonly status: number; readonly code: number }>> = {
  invalid: { status: 400, code: ErrorCode.validation },
  conflict: { status: 409, code: ErrorCode.actionNotApplicable },
  duplicate: { status: 409, code: ErrorCode.duplicate },
  notFound: { status: 404, code: ErrorCode.notFound },
  ruleOwned: { status: 409, code: ErrorCode.ruleOwned },
};

/** The refusal `error` is, as the server answers it; undefined for anything else (a fault). */
export function answerOf(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (!(error instanceof ChainRefusal)) return undefined;
  const { status, code } = ANSWERS[error.reason];
  return new ApiError(status, code, error.text, error.fields);
}

/** Throws the 400 of every failing field (field → rule), named by the first; nothing when none failed. */
export function refuseInvalid(errors: Readonly<Record<string, Message>>): void {
  const [first] = Object.entries(errors);
  if (first) throw new ApiError(400, ErrorCode.validation, asMessage(first[1], first[0]), { ...errors });
}

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
/** A partner client's API key that admits nothing (never issued, replaced, revoked, its client disabled). */
export const keyRefused = (text: Message): ApiError => new ApiError(401, ErrorCode.sessionInvalid, text);
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
