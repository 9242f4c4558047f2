// POST /api/stations/batch: a station's calls that waited behind one in flight, run in the order sent,
// each through its own route as if it came alone (fastify inject: the same access hook, validation,
// Idempotency-Key and rules), with the caller's session and language. Nothing of a call's handling is
// repeated here, so a batch cannot grant or apply what the call alone would not. A refusal is that
// call's answer and the next call runs; an answer that says "not now" (the key still being applied,
// too many requests, the server unavailable) stops the batch there, so no later call overtakes it:
// the calls not run are not answered, and the client sends them again.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { envelopeSchema } from "../../envelope";
import { ApiError, ErrorCode } from "../../refusals";
import { message } from "../../../schema/contract/messages";
import { CALLS } from "../../../schema/contract/calls";
import { clientAddress } from "../client-address";
import { IDEMPOTENCY_HEADER } from "../idempotency/idempotent-writes";
import { callRoute, type RouteTable } from "../route-table";

interface StationCall {
  readonly key: string;
  readonly method: "POST";
  readonly path: string;
  readonly body: Record<string, unknown>;
}

export interface StationCallAnswer {
  readonly key: string;
  readonly status: number;
  readonly body: unknown;
}

/** Statuses after which a later call would overtake this one: the batch stops. */
const NOT_NOW = new Set([408, 425, 429, 502, 503, 504]);

/** The caller's headers a call of the batch carries: its session and the language of its messages. */
const FORWARDED_HEADERS = ["token", "accept-language"] as const;

function headersOf(request: FastifyRequest, key: string): Record<string, string> {
  const headers: Record<string, string> = { "content-type": "application/json", [IDEMPOTENCY_HEADER]: key };
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  return headers;
}

export function registerStationBatchRoute(app: FastifyInstance, routes: RouteTable): void {
  routes.add({
    ...callRoute(CALLS.stationBatch, {}),
    response: envelopeSchema({ type: "array" }),
    tags: ["stations"],
    handler: async (request, input) => {
      const calls = input.calls as readonly StationCall[];
      // Checked before any call runs: a batch naming a call that could not be sent again safely runs nothing.
      calls.forEach((call, index) => {
        if (!routes.takesKey(call.method, call.path))
          throw new ApiError(
            400,
            ErrorCode.validation,
            message("common.stationCallNotKeyed", { index: index + 1, method: call.method, path: call.path }),
          );
      });
      const answers: StationCallAnswer[] = [];
      for (const call of calls) {
        const response = await app.inject({
          method: call.method,
          url: call.path,
          headers: headersOf(request, call.key),
          payload: JSON.stringify(call.body),
          remoteAddress: clientAddress(request),
        });
        answers.push({ key: call.key, status: response.statusCode, body: response.json<unknown>() });
        if (NOT_NOW.has(response.statusCode)) break;
      }
      return answers;
    },
  });
}
