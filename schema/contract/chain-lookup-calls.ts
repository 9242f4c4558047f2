// The traceability chain's read calls: 码查询 (one code's detail and its
// timeline from the ledger) and 箱码查询 (a package's contents), each with where the code went. Projections of the ledger and the
// codes' state; they never write. Joined into CALLS (calls.ts), so each gets a typed client.
import { nullable, type CallContract } from "./call-contract";
import { SCAN_CODE_MAX_LENGTH, SCAN_CODE_PATTERN } from "./patterns";

export const codeInput = {
  type: "object",
  additionalProperties: false,
  required: ["code"],
  properties: { code: { type: "string", minLength: 1, maxLength: SCAN_CODE_MAX_LENGTH, pattern: SCAN_CODE_PATTERN } },
} as const;
export const named = {
  anyOf: [
    {
      type: "object",
      additionalProperties: false,
      required: ["id", "name"],
      properties: { id: { type: "integer" }, name: nullable("string") },
    },
    { type: "null" },
  ],
};
export const region = {
  anyOf: [
    {
      type: "object",
      additionalProperties: false,
      required: ["code", "name"],
      properties: { code: { type: "string" }, name: nullable("string") },
    },
    { type: "null" },
  ],
} as const;
/** Where a code went: the waybill it left on, the dealer (with the regions it may sell in), when and from which warehouse; null while it has not left. */
const logistics = {
  anyOf: [
    {
      type: "object",
      additionalProperties: false,
      required: ["waybill", "dealer", "authorised_regions", "shipped_at", "warehouse"],
      properties: {
        waybill: named,
        dealer: named,
        authorised_regions: { type: "array", items: region },
        shipped_at: nullable("string"),
        warehouse: named,
      },
    },
    { type: "null" },
  ],
} as const;
const chainLink = {
  type: "object",
  additionalProperties: false,
  required: ["code", "level", "status"],
  properties: { code: { type: "string" }, level: nullable("string"), status: nullable("string") },
} as const;
const timelineEvent = {
  type: "object",
  additionalProperties: false,
  required: [
    "kind",
    "event_type",
    "action",
    "biz_step",
    "disposition",
    "parent_code",
    "related_code",
    "reason",
    "work_order_id",
    "lot",
    "read_point",
    "event_time",
    "operator",
    "via",
    "declared_in_error",
  ],
  properties: {
    kind: { type: "string" },
    event_type: { type: "string" },
    action: { type: "string" },
    biz_step: { type: "string" },
    disposition: nullable("string"),
    parent_code: nullable("string"),
    related_code: nullable("string"),
    reason: nullable("string"),
    work_order_id: nullable("integer"),
    lot: nullable("string"),
    /** Where it happened: a line's or warehouse's location, or an inspector's geo: URI. */
    read_point: nullable("string"),
    event_time: { type: "string" },
    operator: nullable("string"),
    /** The package that carried the code (a shipping names the case, not the items in it); null for the code's own events. */
    via: nullable("string"),
    /** The event was declared in error (EPCIS error declaration): it stays in the history but did not happen. */
    declared_in_error: { type: "boolean" },
  },
} as const;
const fill = {
  type: "object",
  additionalProperties: false,
  required: ["held", "capacity", "state"],
  properties: {
    held: { type: "integer" },
    capacity: nullable("integer"),
    state: { type: "string", enum: ["empty", "partial", "full", "closed"] },
  },
} as const;

/** 码查询's answer; 信息查询 (trace-inquiry-calls.ts) answers it too, with the consumer side beside it. */
export const codeDetailData = {
  type: "object",
  additionalProperties: false,
  required: [
    "code",
    "url",
    "status",
    "level",
    "void_reason",
    "replaced_by",
    "product",
    "lot",
    "production_date",
    "expiry_date",
    "work_order",
    "line",
    "team",
    "materials",
    "parents",
    "logistics",
    "timeline",
  ],
  properties: {
    code: { type: "string" },
    /** The consumer URL printed in the code's QR label (its rule's template). */
    url: { type: "string" },
    status: nullable("string"),
    level: nullable("string"),
    void_reason: nullable("string"),
    replaced_by: nullable("string"),
    product: named,
    lot: nullable("string"),
    production_date: nullable("string"),
    expiry_date: nullable("string"),
    work_order: named,
    line: named,
    team: named,
    materials: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["material", "material_batch_no"],
        properties: { material: nullable("string"), material_batch_no: nullable("string") },
      },
    },
    parents: { type: "array", items: chainLink },
    logistics,
    timeline: { type: "array", items: timelineEvent },
  },
} as const;

export const CHAIN_LOOKUP_CALLS = {
  codeDetail: {
    endpoint: { method: "GET", path: "/api/tagging/tracecodes/lookup" },
    owner: "trace_codes.lookup",
    access: "granted",
    summary:
      "码查询: one code's state, product, lot, dates, work order, line, team, materials, packages up to the pallet, where it went (waybill, dealer and its authorised regions, ship time, warehouse) and its ledger timeline (oldest first)",
    input: codeInput,
    data: codeDetailData,
  },
  packageContents: {
    endpoint: { method: "GET", path: "/api/plant/packages/contents" },
    owner: "trace_codes.contents",
    access: "granted",
    summary:
      "箱码查询: a package's children, the packages around it up to the pallet, its expanded counts per level, its fill and where it went (waybill, dealer, ship time, warehouse)",
    input: codeInput,
    data: {
      type: "object",
      additionalProperties: false,
      required: ["code", "level", "status", "fill", "children", "parents", "counts", "logistics"],
      properties: {
        code: { type: "string" },
        level: nullable("string"),
        status: nullable("string"),
        fill,
        children: { type: "array", items: chainLink },
        parents: { type: "array", items: chainLink },
        counts: {
          type: "array",
          items: {
            type: "object",
            additionalProperties: false,
            required: ["level", "count"],
            properties: { level: nullable("string"), count: { type: "integer" } },
          },
        },
        logistics,
      },
    },
  },
} as const satisfies Readonly<Record<string, CallContract>>;
