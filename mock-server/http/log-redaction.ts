// No session token in a log line: the console's calls that cannot send a header
// (the login log's session check, downloads opened by the browser) carry `?token=…`, and request
// logs and proxy errors print URLs. One function redacts, used by the server's request serializer
// and by the dev server's logger (vite.config.ts).
import type { FastifyRequest } from "fastify";
import { clientAddress } from "./client-address";

const TOKEN_IN_QUERY = /([?&](?:token|access_token)=)[^&#\s"']*/gi;

export const redactTokens = (text: string): string => text.replace(TOKEN_IN_QUERY, "$1[redacted]");

/** fastify's default request serializer, with the token taken out of the URL. */
export function redactedRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactTokens(request.url),
    host: request.host,
    remoteAddress: clientAddress(request),
    remotePort: request.socket?.remotePort,
  };
}
