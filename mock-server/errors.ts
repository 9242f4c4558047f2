// The one place that shapes error bodies (spec §8), so every error answers the same envelope.
// Routes throw the refusals of refusals.ts, the chain's rules those of domain/refusal.ts (which
// refusals.ts answerOf maps), or fastify throws its own errors; the handler below turns every
// error into the envelope {status_code, message, code, data: null} with the HTTP status equal to
// status_code, masks a database out of reach as a logged 503 (the request may succeed once it is
// back) and every other error as a logged 500. Neither carries engine text.
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { INPUT_RULE_PATTERN } from "../schema/contract/patterns";
import {
  languageOf,
  message,
  messageIn,
  type Message,
  type MessageKey,
  type MessageLanguage,
  type MessageParams,
} from "../schema/contract/messages";
import { NO_CONTROL_PATTERN } from "./http/control-characters";
import { answerOf, ApiError, ErrorCode, notFound } from "./refusals";
import { DatabaseUnavailable } from "./db/engine/database-errors";

export interface ErrorBody {
  status_code: number;
  message: string;
  code: number;
  data: null;
  /** The message's stable key and parameters, for a client to render in its own language. */
  key: string;
  params?: MessageParams;
  /** The field the message is about, when it is about one. */
  field?: string;
  /** Field → its rule, in the answer's language. */
  errors?: Record<string, string>;
  /** Field → its rule's key and parameters. */
  error_keys?: Record<string, { key: string; params?: MessageParams }>;
}

/** The envelope of an error, its messages in `language` (the request's Accept-Language). */
export function errorBody(error: ApiError, language: MessageLanguage = "en"): ErrorBody {
  const { key, params, field } = error.text;
  const body: ErrorBody = {
    status_code: error.statusCode,
    message: messageIn(language, error.text),
    code: error.code,
    data: null,
    key,
  };
  if (params) body.params = params;
  if (field) body.field = field;
  if (error.fields) {
    const rules = Object.entries(error.fields);
    body.errors = Object.fromEntries(
      rules.map(([name, rule]) => [name, messageIn(language, { ...rule, field: undefined })]),
    );
    body.error_keys = Object.fromEntries(
      rules.map(([name, rule]) => [name, { key: rule.key, ...(rule.params ? { params: rule.params } : {}) }]),
    );
  }
  return body;
}

/** The language an answer's messages are in: the request's Accept-Language (English by default). */
export const languageOfRequest = (request: FastifyRequest): MessageLanguage =>
  languageOf(request.headers["accept-language"]);

interface AjvLikeError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

function fieldOf(error: AjvLikeError, context: string): string {
  const path = error.instancePath.replace(/^\//, "").replace(/\//g, ".");
  if (error.keyword === "required") return [path, String(error.params.missingProperty)].filter(Boolean).join(".");
  if (error.keyword === "additionalProperties")
    return [path, String(error.params.additionalProperty)].filter(Boolean).join(".");
  return path || context;
}

const LIMIT_KEYWORDS = {
  minLength: "common.rule.minLength",
  maxLength: "common.rule.maxLength",
  minimum: "common.rule.minimum",
  maximum: "common.rule.maximum",
  exclusiveMinimum: "common.rule.exclusiveMinimum",
  exclusiveMaximum: "common.rule.exclusiveMaximum",
  multipleOf: "common.rule.multipleOf",
  minItems: "common.rule.minItems",
  maxItems: "common.rule.maxItems",
} as const satisfies Record<string, MessageKey>;

const TYPE_NAMES = ["string", "number", "integer", "boolean", "object", "array", "null"] as const;
/** A JSON type named in the answer's language ("integer" → 整数); a union such as "integer,null" by its first. */
function typeName(type: string): Message | string {
  const first = type.split(",")[0];
  return (TYPE_NAMES as readonly string[]).includes(first)
    ? message(`common.type.${first as (typeof TYPE_NAMES)[number]}`)
    : type;
}

/** The rule an ajv error names, as a message of the catalog. */
function ruleOf(error: AjvLikeError & { parentSchema?: Record<string, unknown> }, context: string): Message {
  const { keyword, params } = error;
  if (keyword === "additionalProperties")
    return message(context === "querystring" ? "common.rule.unknownParameter" : "common.rule.unknownField");
  if (keyword === "pattern" && (params.pattern === INPUT_RULE_PATTERN || error.parentSchema?.["x-input-rule"]))
    return message("common.rule.inputRule");
  if (keyword === "pattern" && params.pattern === NO_CONTROL_PATTERN) return message("common.rule.noControl");
  if (keyword === "pattern") return message("common.rule.pattern");
  if (keyword === "required") return message("common.rule.required");
  if (keyword === "type") return message("common.rule.type", { type: typeName(String(params.type)) });
  if (keyword === "format") return message("common.rule.format", { format: String(params.format) });
  if (keyword === "enum")
    return message("common.rule.enum", { values: ((params.allowedValues as unknown[]) ?? []).join(", ") });
  if (keyword === "const") return message("common.rule.const", { value: String(params.allowedValue) });
  if (keyword === "uniqueItems") return message("common.rule.uniqueItems");
  if (keyword in LIMIT_KEYWORDS)
    return message(LIMIT_KEYWORDS[keyword as keyof typeof LIMIT_KEYWORDS], { limit: Number(params.limit) });
  return message("common.rule.invalid");
}

/** Turn ajv errors (fastify's error.validation) into "field: rule" plus a field map. */
export function validationError(errors: readonly AjvLikeError[], context: string): ApiError {
  const fields: Record<string, Message> = {};
  for (const error of errors) {
    const field = fieldOf(error, context);
    if (!(field in fields)) fields[field] = ruleOf(error, context);
  }
  const [first] = Object.entries(fields);
  const text = first ? { ...first[1], field: first[0] } : message("common.rule.invalid", undefined, context);
  return new ApiError(400, ErrorCode.validation, text, fields);
}

function fromFastifyError(
  error: FastifyError & { validation?: AjvLikeError[]; validationContext?: string },
): ApiError | undefined {
  if (error.validation) return validationError(error.validation, error.validationContext ?? "body");
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new ApiError(400, ErrorCode.malformedJson, message("common.malformedBody", { detail: error.message }));
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new ApiError(413, ErrorCode.tooLarge, message("common.bodyTooLarge"));
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new ApiError(415, ErrorCode.unsupportedMediaType, message("common.unsupportedMediaType"));
  }
  // secure-json-parse refuses __proto__ and constructor keys with a 400 SyntaxError.
  if (error instanceof SyntaxError && error.statusCode === 400)
    return new ApiError(400, ErrorCode.malformedJson, message("common.malformedBody", { detail: error.message }));
  // Any other client error fastify raises (a malformed URL, ...): its status, code status × 100.
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500)
    return new ApiError(status, status * 100, message("common.requestRefused", { detail: error.message }));
  return undefined;
}

/** Seconds a client waits before trying again while the database is out of reach. */
const DATABASE_RETRY_AFTER_S = 5;

/** The database being out of reach, thrown as it is or as the cause of another error. */
function databaseUnavailable(error: unknown): DatabaseUnavailable | undefined {
  for (let depth = 0; error instanceof Error && depth < 5; depth += 1, error = error.cause)
    if (error instanceof DatabaseUnavailable) return error;
  return undefined;
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  let apiError = answerOf(error) ?? fromFastifyError(error);
  const lost = apiError ? undefined : databaseUnavailable(error);
  if (lost) {
    // Not a bug of this server: one line with the driver's words for the operator, none for the client.
    request.log.warn({ method: request.method, url: request.url, reason: lost.message }, "database unavailable");
    apiError = new ApiError(503, ErrorCode.databaseUnavailable, message("common.databaseUnavailable"));
    void reply.header("retry-after", String(DATABASE_RETRY_AFTER_S));
  }
  if (!apiError) {
    // A real fault: log it with the request's context, answer without details.
    request.log.error(
      { err: error, method: request.method, url: request.url, account: request.auth?.accountId },
      "unhandled error",
    );
    apiError = new ApiError(500, ErrorCode.internal, message("common.internal"));
  }
  void reply.status(apiError.statusCode).send(errorBody(apiError, languageOfRequest(request)));
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): void {
  const path = request.url.split("?")[0].slice(0, 200);
  const error = notFound(message("common.noSuchCall", { method: request.method, path }));
  void reply.status(404).send(errorBody(error, languageOfRequest(request)));
}

/**
 * A request node's HTTP parser refuses before fastify sees it (an unknown method such as FOO,
 * a broken header) still gets the envelope, written on the socket, and never a bare reset.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const body = JSON.stringify(
    errorBody(
      new ApiError(
        status,
        status * 100,
        message("common.malformedHttp", { status: `${status} ${STATUS_CODES[status]}` }),
      ),
    ),
  );
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
