// The one place that shapes error bodies (STYLE §4, spec §8). Routes throw ApiError (or let
// fastify throw its own errors); the handler below turns every error into the envelope
// {status_code, message, code, data: null} with the HTTP status equal to status_code.
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { ERROR_CODES } from "../schema/contract/envelope";
import { INPUT_RULE_MESSAGE, INPUT_RULE_PATTERN } from "../schema/contract/patterns";

/** The code table (schema/contract/envelope.ts); README.md documents it for the console team. */
export const ErrorCode = ERROR_CODES;
import { NO_CONTROL_MESSAGE, NO_CONTROL_PATTERN } from "./http/control-characters";

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface ErrorBody {
  status_code: number;
  message: string;
  code: number;
  data: null;
  errors?: Record<string, string>;
}

export function errorBody(error: ApiError): ErrorBody {
  const body: ErrorBody = { status_code: error.statusCode, message: error.message, code: error.code, data: null };
  if (error.errors) body.errors = error.errors;
  return body;
}

/** Throws the 400 of every failing field (field → rule), named by the first; nothing when none failed. */
export function refuseInvalid(errors: Readonly<Record<string, string>>): void {
  const [first] = Object.entries(errors);
  if (first) throw new ApiError(400, ErrorCode.validation, `${first[0]}: ${first[1]}`, { ...errors });
}

/** A validation failure of one field: "field: rule". */
/** A domain rule refuses the request in the state things are in: 409, naming the field and why. */
export const conflict = (field: string, rule: string): ApiError => new ApiError(409, ErrorCode.actionNotApplicable, `${field}: ${rule}`, { [field]: rule });

export function invalid(field: string, rule: string): ApiError {
  return new ApiError(400, ErrorCode.validation, `${field}: ${rule}`, { [field]: rule });
}

export const notFound = (message = "Not found"): ApiError => new ApiError(404, ErrorCode.notFound, message);
export const forbidden = (message = "You do not have permission for this call"): ApiError =>
  new ApiError(403, ErrorCode.forbidden, message);
export const sessionInvalid = (message = "Invalid session, please log in again"): ApiError =>
  new ApiError(403, ErrorCode.sessionInvalid, message);
export const sessionExpired = (message = "Session expired, please log in again"): ApiError =>
  new ApiError(403, ErrorCode.sessionExpired, message);
export const duplicate = (field: string, value: unknown): ApiError =>
  new ApiError(409, ErrorCode.duplicate, `${field}: value ${JSON.stringify(value)} already exists`, {
    [field]: "already exists",
  });
export const inUse = (message: string): ApiError => new ApiError(409, ErrorCode.inUse, message);
export const passwordChangeRequired = (): ApiError =>
  new ApiError(403, ErrorCode.passwordChangeRequired, "Set your own password before anything else");
export const tooManyRequests = (waitMs: number, what = "sign-in attempts"): ApiError =>
  new ApiError(429, ErrorCode.tooManyRequests, `Too many ${what}; try again in ${Math.ceil(waitMs / 1000)} s`);
export const loginFailed = (): ApiError =>
  new ApiError(401, ErrorCode.loginFailed, "Account name, password or account type is incorrect");

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

function ruleOf(error: AjvLikeError & { parentSchema?: Record<string, unknown> }, context: string): string {
  if (error.keyword === "additionalProperties")
    return context === "querystring" ? "unknown parameter" : "unknown field";
  if (error.keyword === "pattern" && (error.params.pattern === INPUT_RULE_PATTERN || error.parentSchema?.["x-input-rule"]))
    return INPUT_RULE_MESSAGE;
  if (error.keyword === "pattern" && error.params.pattern === NO_CONTROL_PATTERN) return NO_CONTROL_MESSAGE;
  return error.message ?? error.keyword;
}

/** Turn ajv errors (fastify's error.validation) into "field: rule" plus a field map. */
export function validationError(errors: readonly AjvLikeError[], context: string): ApiError {
  const fields: Record<string, string> = {};
  for (const error of errors) {
    const field = fieldOf(error, context);
    if (!(field in fields)) fields[field] = ruleOf(error, context);
  }
  const [first] = Object.entries(fields);
  const message = first ? `${first[0]}: ${first[1]}` : `${context}: invalid`;
  return new ApiError(400, ErrorCode.validation, message, fields);
}

function fromFastifyError(error: FastifyError & { validation?: AjvLikeError[]; validationContext?: string }): ApiError | undefined {
  if (error.validation) return validationError(error.validation, error.validationContext ?? "body");
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new ApiError(400, ErrorCode.malformedJson, `Malformed request body: ${error.message}`);
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new ApiError(413, ErrorCode.tooLarge, "Request body is larger than 1 MiB");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new ApiError(415, ErrorCode.unsupportedMediaType, "Unsupported media type: send application/json");
  }
  // secure-json-parse refuses __proto__ and constructor keys with a 400 SyntaxError.
  if (error instanceof SyntaxError && error.statusCode === 400)
    return new ApiError(400, ErrorCode.malformedJson, `Malformed request body: ${error.message}`);
  // Any other client error fastify raises (a malformed URL, ...): its status, code status × 100.
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return new ApiError(status, status * 100, error.message);
  return undefined;
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  let apiError = error instanceof ApiError ? error : fromFastifyError(error);
  if (!apiError) {
    // A real fault: log it with the request's context, answer without details.
    request.log.error(
      { err: error, method: request.method, url: request.url, account: request.auth?.accountId },
      "unhandled error",
    );
    apiError = new ApiError(500, ErrorCode.internal, "Internal server error");
  }
  void reply.status(apiError.statusCode).send(errorBody(apiError));
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): void {
  const path = request.url.split("?")[0].slice(0, 200);
  const error = notFound(`No such call: ${request.method} ${path}`);
  void reply.status(404).send(errorBody(error));
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
  const body = JSON.stringify(errorBody(new ApiError(status, status * 100, `Malformed HTTP request: ${STATUS_CODES[status]}`)));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
