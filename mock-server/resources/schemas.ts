// Input and response schemas of the generic calls, from the contract's own schemas.
import type { ContractResource } from "../../schema/contract/server-contract";
import { envelopeSchema } from "../envelope";
import { NO_CONTROL_PATTERN } from "../http/control-characters";
import type { ResourceInfo } from "./catalog";
import { recordIdSchema } from "../../schema/contract/record-id";

/** The resource's id as its calls take it: a number, or the string a projection's rows carry. */
export const idSchema = (info: ResourceInfo) =>
  recordIdSchema(info.byName.get("id")?.type === "string" ? "string" : "integer");

export const idQuery = (info: ResourceInfo) => ({
  type: "object",
  additionalProperties: false,
  required: ["id"],
  properties: { id: idSchema(info) },
});

export const idBody = idQuery;

export const optionsQuery = {
  type: "object",
  additionalProperties: false,
  properties: {
    q: { type: "string", maxLength: 100, pattern: NO_CONTROL_PATTERN },
    ids: { type: "string", pattern: "^\\d{1,12}(,\\d{1,12}){0,49}$" },
  },
};

/** The record schema plus the <field>_label each ref and region column adds. */
export function recordSchema(info: ResourceInfo): Record<string, unknown> {
  const record = info.resource.schemas.record as { properties?: Record<string, unknown> };
  const labels = Object.fromEntries(
    [...info.refs, ...info.regions].map((column) => [`${column.name}_label`, { type: ["string", "number", "null"] }]),
  );
  return { ...record, properties: { ...(record.properties ?? {}), ...labels } };
}

export const recordResponse = (info: ResourceInfo) => envelopeSchema(recordSchema(info));

export function pageResponse(info: ResourceInfo, paged: boolean): Record<string, unknown> {
  const properties: Record<string, unknown> = {
    list: { type: "array", items: recordSchema(info) },
    total: { type: "integer" },
  };
  if (paged) Object.assign(properties, { page: { type: "integer" }, size: { type: "integer" } });
  return envelopeSchema({ type: "object", properties });
}

/** Update body of a singleton: the contract's update schema without a required id. */
export function singletonUpdate(resource: ContractResource): Record<string, unknown> {
  const schema = resource.schemas.update as { required?: string[] };
  return { ...resource.schemas.update, required: (schema.required ?? []).filter((name) => name !== "id") };
}
