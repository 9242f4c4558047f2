// The EPCIS interface's one error handler: every refusal is an RFC 7807 problem body
// (application/problem+json) with GS1's exception type, never the console's envelope. A missing or
// insufficient session (the access hook's refusal) is a SecurityException with its own status
// and the console's error code beside it; a body over the capture limit is a
// CaptureLimitExceededException, another route's body (a query) over the request limit a
// QueryTooComplexException; another client error fastify raises is a ValidationException on the
// capture path and a QueryParameterException elsewhere; anything else is a logged, masked
// ImplementationException.
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { message, messageIn, type Message } from "../../schema/contract/messages";
import { languageOfRequest } from "../errors";
import { answerOf } from "../refusals";
import { EpcisProblem, type EpcisExceptionName } from "../domain/epcis/epcis-problem";
import { MAX_CAPTURE_BYTES } from "../domain/epcis/capture/capture-document";

const CAPTURE_PATH = "/epcis/capture";

export const PROBLEM_TYPE = "application/problem+json";

interface Problem {
  readonly name: EpcisExceptionName;
  readonly status: number;
  readonly detail: Message;
  /** The console's error code of a refusal the rest of the API also gives (a lapsed session: 50014). */
  readonly code?: number;
}

function problemOf(error: FastifyError, request: FastifyRequest): Problem {
  if (error instanceof EpcisProblem) return { name: error.exception, status: error.status, detail: error.detail };
  const refused = answerOf(error);
  if (refused)
    return refused.statusCode === 401 || refused.statusCode === 403 || refused.statusCode === 428
      ? { name: "SecurityException", status: refused.statusCode, detail: refused.text, code: refused.code }
      : { name: "QueryParameterException", status: refused.statusCode, detail: refused.text, code: refused.code };
  const status = error.statusCode ?? 500;
  if (status === 413)
    // Only the capture takes a document; elsewhere the body is a query (a named query, a subscription's).
    return request.url.startsWith(CAPTURE_PATH)
      ? {
          name: "CaptureLimitExceededException",
          status,
          detail: message("epcisCapture.tooLarge", { max: MAX_CAPTURE_BYTES }),
        }
      : { name: "QueryTooComplexException", status, detail: message("common.bodyTooLarge") };
  if (status >= 400 && status < 500)
    return {
      // A body the capture interface cannot read is a document it refuses; elsewhere a parameter.
      name: request.url.startsWith(CAPTURE_PATH) ? "ValidationException" : "QueryParameterException",
      status: 400,
      detail: message("common.requestRefused", { detail: error.message }),
    };
  request.log.error(
    { err: error, method: request.method, url: request.url, account: request.auth?.accountId },
    "unhandled error",
  );
  return { name: "ImplementationException", status: 500, detail: message("epcis.unavailable") };
}

export function epcisErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { name, status, detail, code } = problemOf(error, request);
  void reply
    .status(status)
    .type(PROBLEM_TYPE)
    .send({
      type: `epcisException:${name}`,
      title: name,
      status,
      detail: messageIn(languageOfRequest(request), detail),
      instance: request.url.split("?")[0],
      // RFC 7807 §3.2 extension member: a client of both interfaces tells a lapsed session apart.
      ...(code !== undefined ? { code } : {}),
    });
}
