// One log line per request, written when the answer has gone. fastify's default
// is two: "incoming request" when it arrives and "request completed" when it is answered. At the
// public scan's rate the pair was ~10% of the server's main thread (`perf`: pino, the stream's
// write calls, and the client address worked out from X-Forwarded-For once per line). The line
// kept is the one that says the most: the call (redactedRequest), its status and its time in ms.
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import { redactedRequest } from "./log-redaction";

/**
 * fastify's logger options for `logger` (the server's option), with the request serializer that
 * redacts tokens. fastify's own pair of lines is off through its log controller (fastify 5.12
 * deprecated the top-level `disableRequestLogging`, and warned of it at every start).
 */
export function loggerOptions(
  logger: FastifyServerOptions["logger"],
): Pick<FastifyServerOptions, "logger" | "logController"> {
  if (!logger) return { logger: false };
  return {
    logger: { ...(logger === true ? {} : logger), serializers: { req: redactedRequest } },
    logController: new LogController({ disableRequestLogging: true }),
  };
}

function logAnswered(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
  done();
}

/** Logs every answered request in one line; an app built without a logger logs nothing. */
export function logRequests(app: FastifyInstance): void {
  app.addHook("onResponse", logAnswered);
}
