// The success half of the envelope (spec §3): {status_code: 200, message, code: 0, data}.
// Error bodies are shaped only in errors.ts.

import { SUCCESS_CODE, type Envelope as AnyEnvelope } from "../schema/contract/envelope";

export interface Envelope<T> extends AnyEnvelope<T> {
  status_code: 200;
  code: typeof SUCCESS_CODE;
}

export function ok<T>(data: T, message = "success"): Envelope<T> {
  return { status_code: 200, message, code: SUCCESS_CODE, data };
}

/** JSON Schema of an envelope around `data`, for the OpenAPI document. */
export function envelopeSchema(data: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: "object",
    required: ["status_code", "message", "code", "data"],
    properties: {
      status_code: { type: "integer" },
      message: { type: "string" },
      code: { type: "integer" },
      data,
    },
  };
}
