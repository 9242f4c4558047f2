// A station's scans that waited behind one in flight, sent together: an ordered list of the
// station's own calls, each run by the server as that call alone would be (its route, its permission
// check, its rules, its Idempotency-Key), one after another in the order sent, each answered with its
// own status and envelope. Joined into CALLS (calls.ts); the station's scan queue sends it
// (src/screen-kit/station/scan-queue.ts), the server runs it (mock-server/http/domain-routes/station-batch-route.ts).
import type { CallContract } from "./call-contract";
import type { JsonSchema } from "./server-contract";

/** The most calls one batch carries; the request's bytes are bounded by the server's body limit (1 MiB). */
export const STATION_BATCH_MAX_CALLS = 100;

/** An Idempotency-Key as the server takes it (mock-server/http/idempotency/idempotent-writes.ts). */
const IDEMPOTENCY_KEY = { type: "string", pattern: "^[A-Za-z0-9_-]{1,64}$" } as const;

const stationCall = {
  title: "StationCall",
  type: "object",
  additionalProperties: false,
  required: ["key", "method", "path", "body"],
  properties: {
    /** The scan's Idempotency-Key: the call is applied once however often it is sent. */
    key: IDEMPOTENCY_KEY,
    method: { type: "string", enum: ["POST"] },
    path: { type: "string", pattern: "^/api/", maxLength: 200 },
    body: { type: "object", additionalProperties: true },
  },
} as const satisfies JsonSchema;

const stationAnswer = {
  title: "StationCallAnswer",
  type: "object",
  additionalProperties: false,
  required: ["key", "status", "body"],
  properties: {
    key: { type: "string" },
    /** The HTTP status the call alone would have been answered with. */
    status: { type: "integer" },
    /** Its envelope: the data, or the refusal. */
    body: { type: "object", additionalProperties: true },
  },
} as const satisfies JsonSchema;

export const STATION_BATCH_CALLS = {
  stationBatch: {
    endpoint: { method: "POST", path: "/api/stations/batch" },
    owner: "stations.batch",
    // Open to every session: each call in it passes its own route's permission check.
    access: "open",
    summary:
      "Run a station's waiting calls in the order sent, each as that call alone (its permission, rules and Idempotency-Key); a refusal stops nothing, a call answered 'not now' (408, 425, 429, 502–504) stops the rest, which are not answered and are sent again",
    input: {
      type: "object",
      additionalProperties: false,
      required: ["calls"],
      properties: {
        calls: { type: "array", minItems: 1, maxItems: STATION_BATCH_MAX_CALLS, items: stationCall },
      },
    },
    data: { type: "array", items: stationAnswer },
  },
} as const satisfies Readonly<Record<string, CallContract>>;
