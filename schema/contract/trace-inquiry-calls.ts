// 信息查询: an inspector's look at one code — its chain as 码查询 gives it
// (state, packages, the ledger's timeline with the inspections in it), the dealer and waybill it is
// attributed to now with the dealer's authorised regions, its consumer scans with their regions,
// the warnings raised on it, and where the inspector stands (a GPS position resolved to a city).
// Read only. Joined into CALLS (calls.ts).
import { nullable, type CallContract } from "./call-contract";
import { codeDetailData, named, region } from "./chain-lookup-calls";
import { GEO_URI_PATTERN, SCAN_CODE_MAX_LENGTH, SCAN_CODE_PATTERN } from "./patterns";

export const TRACE_INQUIRY_CALLS = {
  traceInquiry: {
    endpoint: { method: "GET", path: "/api/inspect/codetraces/lookup" },
    owner: "code_traces.lookup",
    access: "granted",
    summary:
      "信息查询: one code's chain and ledger timeline, the dealer and waybill it is attributed to with the dealer's authorised regions, its consumer scans with regions, its warnings, and the inspector's GPS position resolved to a city",
    input: {
      type: "object",
      additionalProperties: false,
      required: ["code"],
      properties: {
        code: { type: "string", minLength: 1, maxLength: SCAN_CODE_MAX_LENGTH, pattern: SCAN_CODE_PATTERN },
        /** The inspector's position, geo:lat,lon (WGS-84); absent when the device gives none. */
        geo: { type: "string", maxLength: 64, pattern: GEO_URI_PATTERN },
      },
    },
    data: {
      type: "object",
      additionalProperties: false,
      required: ["detail", "position", "attribution", "scans", "warnings"],
      properties: {
        detail: codeDetailData,
        position: {
          anyOf: [
            {
              type: "object",
              additionalProperties: false,
              required: ["geo", "region"],
              properties: { geo: { type: "string" }, region },
            },
            { type: "null" },
          ],
        },
        attribution: {
          anyOf: [
            {
              type: "object",
              additionalProperties: false,
              required: ["dealer", "waybill", "shipped_at", "authorised_regions"],
              properties: {
                dealer: named,
                waybill: named,
                shipped_at: nullable("string"),
                authorised_regions: { type: "array", items: region },
              },
            },
            { type: "null" },
          ],
        },
        /** Consumer scans only (never the console's or an inspector's), oldest first. */
        scans: {
          type: "array",
          items: {
            type: "object",
            additionalProperties: false,
            required: ["scanned_at", "result", "scan_index", "region", "path"],
            properties: {
              scanned_at: { type: "string" },
              result: { type: "string" },
              scan_index: { type: "integer" },
              region,
              path: nullable("string"),
            },
          },
        },
        /** Warnings raised on the code, newest first, open or settled. */
        warnings: {
          type: "array",
          items: {
            type: "object",
            additionalProperties: false,
            required: ["id", "rule", "status", "scan_count", "first_seen_at", "last_seen_at", "region", "verdict"],
            properties: {
              id: { type: "integer" },
              rule: { type: "string" },
              status: { type: "string" },
              scan_count: nullable("integer"),
              first_seen_at: nullable("string"),
              last_seen_at: nullable("string"),
              region,
              verdict: nullable("string"),
            },
          },
        },
      },
    },
  },
} as const satisfies Readonly<Record<string, CallContract>>;
