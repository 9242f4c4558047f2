// Inputs for the contract test, judged by the contract's own JSON Schemas: a create input built
// from a listed record (its writable values, fresh values for unique fields) and a one-field
// change for an update. Every value is checked with ajv before it is sent, so a 400 from the
// server means the server and the schema disagree, not that the test guessed wrong.
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { ContractColumn, ContractResource, JsonSchema } from "../../schema/contract/server-contract";

type Json = Record<string, unknown>;
interface Property {
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly default?: unknown;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly format?: string;
}

// An ajv of the test's own (not the server's instance): draft-07 plus ajv-formats for date,
// date-time, email and uri; the manifest's x-* keywords are annotations (strict: false).
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const compiled = new WeakMap<object, ValidateFunction>();

export function validatorOf(schema: JsonSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
  return validate;
}

/** Why `value` does not satisfy `schema`, one line per ajv error naming the field; [] when it does. */
export function schemaErrors(schema: JsonSchema, value: unknown): string[] {
  const validate = validatorOf(schema);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => {
    const field = error.params.additionalProperty ?? error.params.missingProperty;
    return `${error.instancePath || "/"} ${error.message ?? error.keyword}${field ? `: ${String(field)}` : ""}`;
  });
}

const propertiesOf = (schema: JsonSchema) => (schema.properties ?? {}) as Record<string, Property & JsonSchema>;
const typesOf = (property: Property) => [property.type ?? []].flat();
const isValid = (property: JsonSchema, value: unknown) => value !== undefined && validatorOf(property)(value);
const columnOf = (resource: ContractResource, name: string): ContractColumn | undefined =>
  resource.columns.find((column) => column.name === name);

// Seeded codes end in a row number below 90000, so a tag starting with 9 is new to the table;
// the seed is fixed (one anchor day), so a collision would fail every run, never just some.
let serial = 0;
const nextTag = () => String(900000 + ++serial);

/** The text with its last digits, right to left, replaced by the tag's: same length, same shape. */
function replaceLastDigits(text: string, tag: string): string {
  const chars = [...text];
  let next = tag.length - 1;
  for (let index = chars.length - 1; index >= 0 && next >= 0; index -= 1)
    if (/\d/.test(chars[index])) chars[index] = tag[next--]!;
  return chars.join("");
}

/** Values no other row has: the old value with the tag appended, truncated to fit, or with its last digits replaced. */
function uniqueCandidates(property: Property, old: unknown, maxLength: number): unknown[] {
  const tag = nextTag();
  if (typesOf(property).some((type) => type === "integer" || type === "number"))
    return [typeof old === "number" ? old + Number(tag) : Number(tag)];
  const text = typeof old === "string" ? old : "";
  return [
    text + tag,
    text.slice(0, Math.max(0, maxLength - tag.length)) + tag,
    replaceLastDigits(text, tag),
    `CT${tag}`,
  ];
}

/** A value for a required field the base record lacks, from its schema alone. */
function synthesized(property: Property): unknown[] {
  const tag = nextTag();
  const low = property.minimum ?? 1;
  return [
    property.default,
    property.enum?.find((value) => value !== null),
    true,
    property.maximum === undefined ? low : Math.min(low, property.maximum),
    property.format === "date" ? "2024-06-01" : undefined,
    property.format === "date-time" ? "2024-06-01T10:00:00Z" : undefined,
    property.format === "uri" ? `https://example.com/contract/${tag}` : undefined,
    property.format === "email" ? `contract${tag}@example.com` : undefined,
    `CT${tag}`,
  ];
}

/**
 * A create input: the base record's writable values (nulls left out), unique fields given fresh
 * values, `overrides` as given. Throws if a field cannot get a value its schema accepts.
 */
export function createInput(resource: ContractResource, base: Json | undefined, overrides: Json = {}): Json {
  const required = new Set((resource.schemas.create.required ?? []) as string[]);
  const input: Json = {};
  for (const [name, property] of Object.entries(propertiesOf(resource.schemas.create))) {
    const column = columnOf(resource, name);
    const old = name in overrides ? overrides[name] : base?.[name];
    if (name in overrides || (old !== undefined && old !== null && !column?.unique)) {
      input[name] = old;
      continue;
    }
    if ((old === undefined || old === null) && !required.has(name)) continue;
    if (column?.ref) throw new Error(`${resource.name}.${name}: no listed record to take a ${column.ref} id from`);
    const candidates =
      old === undefined || old === null
        ? synthesized(property)
        : uniqueCandidates(property, old, column?.maxLength ?? 64);
    const value = candidates.find((candidate) => candidate !== old && isValid(property, candidate));
    if (value === undefined)
      throw new Error(`${resource.name}.${name}: no candidate value satisfies ${JSON.stringify(property)}`);
    input[name] = value;
  }
  return input;
}

/** Records of a resource as its generated client lists them (page, size and filters as query). */
export type ListRecords = (resource: string, query: Record<string, string | number>) => Promise<Json[]>;
/** Creates a record of `resource` through its generated client, for a rule whose input must be made first. */
export type CreateRecord = (resource: string, input: Json) => Promise<Json>;

async function packedCode(list: ListRecords): Promise<string> {
  const [link] = await list("packaging_links", { page: 1, size: 1 });
  if (!link) throw new Error("packaging_links lists no record: no packed code to unlink or replace");
  return link.child_code as string;
}

/** An unused item code (generated: never activated, packed or voided), as a replacement label must be. */
async function freeTraceCode(list: ListRecords): Promise<string> {
  const [row] = await list("trace_codes", { page: 1, size: 1, status: "generated", code_type: "item" });
  if (!row) throw new Error("trace_codes lists no generated item code to use as a replacement");
  return row.code as string;
}

/** An activated item outside any package and a box of its work order with the fewest items (the tail box). */
async function packable(list: ListRecords): Promise<Json> {
  const items = await list("trace_codes", { page: 1, size: 100, status: "activated", code_type: "item" });
  const boxes = await list("trace_codes", { page: 1, size: 100, status: "activated", code_type: "box" });
  for (const item of items) {
    const candidates: { code: string; held: number }[] = [];
    for (const box of boxes.filter((row) => row.work_order_id === item.work_order_id))
      candidates.push({
        code: box.code as string,
        held: (await list("packaging_links", { page: 1, size: 100, parent_code: box.code as string })).length,
      });
    candidates.sort((a, b) => a.held - b.held);
    if (candidates[0])
      return { parent_code: candidates[0].code, child_code: item.code, level: "box", order_id: item.work_order_id };
  }
  throw new Error("no activated item outside a package with a box of its work order to pack it into");
}

/** An outermost package that holds something (packed output), a line and a warehouse. */
async function handable(list: ListRecords): Promise<Json> {
  const [line] = await list("production_lines", { page: 1, size: 1 });
  const [warehouse] = await list("warehouses", { page: 1, size: 1 });
  for (const level of ["pallet", "case", "box"])
    for (const pkg of await list("trace_codes", { page: 1, size: 100, status: "activated", code_type: level }))
      if ((await list("packaging_links", { page: 1, size: 1, parent_code: pkg.code as string })).length)
        return { codes: pkg.code, line_id: line.id, warehouse_id: warehouse.id };
  throw new Error("no outermost package holding codes to hand over");
}

/** An item code still to be activated and a work order that takes activations. */
async function activatable(list: ListRecords): Promise<Json> {
  const [code] = await list("trace_codes", { page: 1, size: 1, status: "generated", code_type: "item" });
  const [order] = await list("production_orders", { page: 1, size: 1, status: "planned" });
  if (!code || !order) throw new Error("no generated item code or no planned work order to activate it against");
  // A range of one: a seeded activation's own last code must not stand in for it.
  return { first_code: code.code, last_code: code.code, level: "item", work_order_id: order.id };
}

/** An activated item in no package and on no waybill: one a draft waybill takes. */
async function shippableItem(list: ListRecords): Promise<string> {
  for (const item of await list("trace_codes", { page: 1, size: 100, status: "activated", code_type: "item" }))
    if (!(await list("waybill_codes", { page: 1, size: 1, code: item.code as string })).length)
      return item.code as string;
  throw new Error("no activated item outside packages and waybills to put on a waybill");
}

/** An item the seeded draft or shipped waybills name themselves (waybill_codes), for a reduction or an exchange. */
async function itemOnWaybill(list: ListRecords, statuses: readonly string[]): Promise<string> {
  for (const status of statuses)
    for (const waybill of await list("waybills", { page: 1, size: 20, status }))
      for (const row of await list("waybill_codes", { page: 1, size: 20, waybill_id: waybill.id as number }))
        if (row.code_type === "item") return row.code as string;
  throw new Error(`no code on a ${statuses.join(" or ")} waybill`);
}

/** A code a shipped waybill names that is still shipped (not returned since), with its dealer and the waybill's warehouse. */
async function returnable(list: ListRecords): Promise<Json> {
  for (const waybill of await list("waybills", { page: 1, size: 20, status: "shipped" }))
    for (const row of await list("waybill_codes", { page: 1, size: 20, waybill_id: waybill.id as number }))
      if ((await list("trace_codes", { page: 1, size: 1, code: row.code as string, status: "shipped" })).length)
        return { codes: row.code, dealer_id: waybill.dealer_id, warehouse_id: waybill.warehouse_id };
  throw new Error("no code still shipped on a shipped waybill to return");
}

/** A returned code outside any package (what 退货解绑 frees). */
async function returnedCode(list: ListRecords): Promise<string> {
  const row = (await list("trace_codes", { page: 1, size: 100, status: "returned" })).find((code) => !code.parent_code);
  if (!row) throw new Error("trace_codes lists no returned code outside a package to free");
  return row.code as string;
}

/** A code shipped to a dealer inside a package (what 经销商拆包 takes out). */
async function packedAtDealer(list: ListRecords): Promise<string> {
  const row = (await list("trace_codes", { page: 1, size: 100, status: "shipped" })).find((code) => code.parent_code);
  if (!row) throw new Error("trace_codes lists no shipped code inside a package to unpack at the dealer");
  return row.code as string;
}

/**
 * What a resource's create rule (manifest onCreate) needs beyond schema-valid values: the
 * packaging logs act on the real chain, so an unlink gets a packed code and a replacement a packed
 * old_code and a free, known new_code, read through the clients as the console would.
 */
export async function createRuleInputs(
  resource: ContractResource,
  list: ListRecords,
  create: CreateRecord,
): Promise<Json> {
  // A dealer's partner client acts for one dealer (its write hook requires the dealer for kind dealer).
  if (resource.name === "partner_clients") {
    const [dealer] = await list("dealers", { page: 1, size: 1 });
    return { kind: "dealer", dealer_id: dealer.id };
  }
  switch (resource.onCreate?.handler) {
    case "unlink-packaging":
      return { code: await packedCode(list) };
    case "replace-packaging-code":
      return { old_code: await packedCode(list), new_code: await freeTraceCode(list) };
    case "activate-codes":
      return await activatable(list);
    case "link-packaging":
      return await packable(list);
    case "add-waybill-code": {
      const [draft] = await list("waybills", { page: 1, size: 1, status: "pending" });
      if (!draft) throw new Error("no draft (pending) waybill to add a code to");
      return { waybill_id: draft.id, code: await shippableItem(list) };
    }
    case "reduce-waybill":
      return { code: await itemOnWaybill(list, ["pending", "shipped"]) };
    case "exchange-waybill-code":
      return { old_code: await itemOnWaybill(list, ["pending", "shipped"]), new_code: await shippableItem(list) };
    case "receive-return":
      return await returnable(list);
    case "free-returned-code":
      return { code: await returnedCode(list) };
    case "cancel-return-receipt": {
      // Only a receipt nothing followed is taken back: a code received here, alone, under a new RMA.
      const received = await create("returns", {
        ...(await returnable(list)),
        return_no: `RMA-X${nextTag()}`,
        reason: "contract",
      });
      return { code: received.codes };
    }
    case "unpack-at-dealer":
      return { code: await packedAtDealer(list) };
    case "unbind-waybill":
      return { code: (await returnable(list)).codes };
    case "hand-over-packages":
      return await handable(list);
    case "record-inspection": {
      // An inspection settles an open warning about its code (a settled one is refused).
      const [open] = [
        ...(await list("consumer_warnings", { page: 1, size: 1, status: "pending" })),
        ...(await list("consumer_warnings", { page: 1, size: 1, status: "processing" })),
      ];
      if (!open) throw new Error("consumer_warnings lists no open warning to settle");
      return { warning_id: open.id, code: open.code, geo: "geo:30.2741,120.1551" };
    }
    default:
      return {};
  }
}

/**
 * What an action's rule (manifest action.handler) needs before it can run on `target`, as creates
 * to make first (resource name, input): a waybill ships only with a code on it.
 */
export async function actionRuleInputs(
  action: { handler?: string },
  target: Json,
  list: ListRecords,
): Promise<[string, Json][]> {
  switch (action.handler) {
    case "ship-waybill":
      return [["waybill_codes", { waybill_id: target.id, code: await shippableItem(list) }]];
    default:
      return [];
  }
}

/**
 * A collection action's rule (manifest action.handler) run for real, as a station makes its scans:
 * the calls in order, each with its input and what its answer holds. A return is received scan by
 * scan under a new RMA; an item is held, then its box's label closes it in.
 */
export async function collectionActionCalls(
  action: { handler?: string },
  list: ListRecords,
): Promise<{ input: Json; answer: Json }[] | undefined> {
  switch (action.handler) {
    case "receive-return-scan": {
      const { codes, dealer_id, warehouse_id } = await returnable(list);
      const return_no = `RMA-C${nextTag()}`;
      return [
        { input: { return_no, dealer_id, warehouse_id, codes, reason: "contract" }, answer: { return_no, codes } },
      ];
    }
    case "pack-held": {
      const { parent_code, child_code, level, order_id } = await packable(list);
      return [
        { input: { order_id, level, child_code, held: [] }, answer: { held: child_code } },
        {
          input: { order_id, level, child_code: parent_code, held: [child_code] },
          answer: { closed: parent_code, packed: 1 },
        },
      ];
    }
    default:
      return undefined;
  }
}

/** Candidates for a changed value of one field, by its type. */
function changes(property: Property, current: unknown): unknown[] {
  const types = typesOf(property);
  if (property.enum) return property.enum.filter((value) => value !== null && value !== current);
  if (types.includes("boolean")) return [!current];
  if (types.includes("integer") || types.includes("number")) {
    const value = typeof current === "number" ? current : (property.minimum ?? 0);
    return [value + 1, value - 1, property.minimum, property.maximum];
  }
  if (types.includes("string") && !property.format) {
    const tag = nextTag();
    return [`已修改${tag}`, `U${tag}`, tag];
  }
  return [];
}

/**
 * The field an update changes first where the generic pick would break a rule between fields: a
 * partner client's kind goes with its dealer (only a dealer's client names one), so its update
 * switches a permission instead.
 */
const CHANGE_FIRST: Readonly<Record<string, string>> = { partner_clients: "may_capture" };

/**
 * One writable field of `record` and a new value its update schema accepts. Plain text and
 * numbers come first, then enums and flags; unique fields are left alone so the change cannot
 * collide, and a ref changes only to one of `refIds[field]` (ids that exist), as a last resort.
 */
export function fieldChange(
  resource: ContractResource,
  record: Json,
  refIds: Readonly<Record<string, readonly unknown[]>> = {},
): { field: string; value: unknown } | undefined {
  const fields = Object.entries(propertiesOf(resource.schemas.update)).filter(
    ([name]) => name !== "id" && !columnOf(resource, name)?.unique,
  );
  const isRef = (name: string) => Boolean(columnOf(resource, name)?.ref);
  const rank = ([name, property]: [string, Property]) =>
    name === CHANGE_FIRST[resource.name]
      ? 0
      : isRef(name)
        ? 4
        : property.enum
          ? 2
          : typesOf(property).includes("boolean")
            ? 3
            : 1;
  for (const [field, property] of fields.sort((a, b) => rank(a) - rank(b))) {
    const candidates = isRef(field) ? (refIds[field] ?? []) : changes(property, record[field]);
    const value = candidates.find((candidate) => candidate !== record[field] && isValid(property, candidate));
    if (value !== undefined) return { field, value };
  }
  return undefined;
}

/** The smallest valid PNG (1×1 pixel). */
const ONE_PIXEL_PNG = Uint8Array.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f5d1d90000000049454e44ae426082"
    .match(/../g)!
    .map((pair) => parseInt(pair, 16)),
);

/**
 * What an action's rule needs done first that is not a record the generated clients make: evidence is
 * submitted with at least one photo, uploaded as multipart.
 */
export async function actionPreparation(action: { handler?: string }, target: Json, token: string): Promise<void> {
  if (action.handler !== "submit-evidence") return;
  const form = new FormData();
  form.append("evidence_id", String(target.id));
  form.append("file", new Blob([ONE_PIXEL_PNG], { type: "image/png" }), "photo.png");
  const response = await fetch("/api/inspect/evidences/photos", {
    method: "POST",
    headers: { Token: token },
    body: form,
  });
  if (!response.ok)
    throw new Error(`photo upload for evidence ${String(target.id)}: HTTP ${response.status} ${await response.text()}`);
}
