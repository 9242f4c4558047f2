// The fixture contract with stamps (manifest x-stamp and action stamp), as the real manifest uses
// them: a log whose operator and time the server fills on create (code_unlinks), a run record a
// domain handler writes (code_batches), and code_orders actions that stamp who/when they ran.
import type { ContractColumn, ContractResource, ServerContract } from "../../schema/contract/server-contract";
import { fixtureContract } from "./contract.fixture";
import { col, entity } from "./fixture-builder";

const stamped = (name: string, stamp: "now" | "account"): ContractColumn =>
  stamp === "now"
    ? col(name, "string", { readOnly: true, format: "date-time", widget: "datetime", stamp })
    : col(name, "string", { readOnly: true, maxLength: 32, stamp });
const serverTime = (name: string) => col(name, "string", { readOnly: true, format: "date-time", widget: "datetime" });
const serverText = (name: string) => col(name, "string", { readOnly: true, maxLength: 32 });

const codeUnlinks = entity({
  name: "code_unlinks",
  api: "/api/plant/codeunlinks",
  columns: [
    col("code", "string", { required: true, maxLength: 64, filter: "contains" }),
    col("reason", "string", { maxLength: 200 }),
    stamped("operator", "account"),
    stamped("unlinked_at", "now"),
  ],
  readRoles: ["productlist"],
  // The editor's own button, so a test can stamp another account than admin.
  writeRoles: { create: ["productlist_add"] },
  seedRows: 12,
});

const codeBatches = entity({
  name: "code_batches",
  api: "/api/tagging/codebatches",
  columns: [
    col("order_id", "integer", { ref: "code_orders", widget: "select", filter: "eq" }),
    col("quantity", "integer", { minimum: 1 }),
    col("first_code", "string", { maxLength: 64 }),
    col("last_code", "string", { maxLength: 64 }),
    stamped("operator", "account"),
    stamped("generated_at", "now"),
  ],
  readRoles: ["records"],
  seedRows: 6,
});

function withOrderStamps(orders: ContractResource): ContractResource {
  const extra = [
    serverText("submitted_by"),
    serverTime("submitted_at"),
    serverTime("generated_at"),
    serverTime("closed_at"),
  ];
  const columns = [...orders.columns];
  columns.splice(
    columns.findIndex((column) => column.name === "created_at"),
    0,
    ...extra,
  );
  const stamps: Record<string, ContractResource["actions"][number]["stamp"]> = {
    submit: { submitted_by: "account", submitted_at: "now" },
    generate: { generated_at: "now" },
    closeDrafts: { closed_at: "now" },
  };
  const record = orders.schemas.record as { properties: Record<string, unknown> };
  const properties = {
    ...record.properties,
    ...Object.fromEntries(extra.map((column) => [column.name, { type: "string" }])),
  };
  return {
    ...orders,
    columns,
    schemas: { ...orders.schemas, record: { ...record, properties } },
    actions: orders.actions.map((action) => ({ ...action, stamp: stamps[action.name] })),
  };
}

export const stampContract: ServerContract = {
  ...fixtureContract,
  resources: [
    ...fixtureContract.resources.map((resource) =>
      resource.name === "code_orders" ? withOrderStamps(resource) : resource,
    ),
    codeBatches,
    codeUnlinks,
  ],
};
