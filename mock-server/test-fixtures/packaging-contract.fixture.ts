// The fixture contract with the packaging chain as the real manifest has it: packaging_links (one
// row per child code, child_code unique) and the two logs whose creates act on it through their
// onCreate rules (packaging_unlinks: unlink-packaging, packaging_replacements:
// replace-packaging-code); trace_codes gains the code_status column the replacement rule reads.
import type { ContractColumn, ContractResource, ServerContract } from "../../schema/contract/server-contract";
import { fixtureContract } from "./contract.fixture";
import { col, entity } from "./fixture-builder";

const LEVELS = ["item", "box", "case", "pallet"];
const CODE_STATUSES = ["generated", "activated", "packed", "shipped", "returned", "scrapped"];

const code = (name: string, extra: Partial<ContractColumn> = {}) => col(name, "string", { maxLength: 64, ...extra });
const serverCode = (name: string) => code(name, { readOnly: true });
const serverLevel = () => col("level", "string", { readOnly: true, enumValues: LEVELS, widget: "select" });
const operator = () => col("operator", "string", { readOnly: true, maxLength: 32, stamp: "account" });

const withCreateRule = (resource: ContractResource, handler: string): ContractResource => ({ ...resource, onCreate: { handler } });

const packagingLinks = withCreateRule(
  entity({
    name: "packaging_links",
    api: "/api/plant/packaginglinks",
    columns: [
      code("parent_code", { required: true }),
      code("child_code", { required: true, unique: true }),
      col("level", "string", { required: true, enumValues: LEVELS, widget: "select" }),
      col("order_id", "integer"),
      operator(),
    ],
    readRoles: ["records"],
    seedRows: 0,
  }),
  "link-packaging",
);

const packagingUnlinks = withCreateRule(
  entity({
    name: "packaging_unlinks",
    api: "/api/plant/packagingunlinks",
    columns: [
      code("code", { required: true }),
      serverCode("parent_code"),
      serverLevel(),
      col("reason", "string", { maxLength: 200 }),
      // Not in the manifest: a ref the insert checks after the rule ran, to test the rollback.
      col("order_id", "integer", { ref: "code_orders" }),
      operator(),
    ],
    readRoles: ["records"],
    seedRows: 0,
  }),
  "unlink-packaging",
);

const packagingReplacements = withCreateRule(
  entity({
    name: "packaging_replacements",
    api: "/api/plant/packagingreplacements",
    columns: [
      code("old_code", { required: true }),
      code("new_code", { required: true }),
      serverCode("parent_code"),
      serverLevel(),
      col("reason", "string", { maxLength: 200 }),
      operator(),
    ],
    readRoles: ["records"],
    seedRows: 0,
  }),
  "replace-packaging-code",
);

function withStatus(codes: ContractResource): ContractResource {
  const status = col("status", "string", { enumValues: CODE_STATUSES, widget: "select" });
  const columns = [...codes.columns];
  columns.splice(columns.findIndex((column) => column.name === "created_at"), 0, status);
  const property = { type: "string", enum: CODE_STATUSES };
  const withProperty = (schema: ContractResource["schemas"]["create"]) => ({
    ...schema,
    properties: { ...(schema.properties as object), status: property },
  });
  return { ...codes, columns, schemas: { create: withProperty(codes.schemas.create), update: withProperty(codes.schemas.update), record: withProperty(codes.schemas.record) } };
}

export const packagingContract: ServerContract = {
  ...fixtureContract,
  resources: [
    ...fixtureContract.resources.map((resource) => (resource.name === "trace_codes" ? withStatus(resource) : resource)),
    packagingLinks,
    packagingUnlinks,
    packagingReplacements,
  ],
};
