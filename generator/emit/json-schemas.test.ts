import { describe, expect, it } from "vitest";
import { COLOR_PATTERN, INPUT_RULE_PATTERN, PHONE_PATTERN } from "../../schema/contract/patterns";
import { modelOf, refTo, resource, menu, text } from "../test-support/tiny-manifest";
import { fieldSchema, inputSchema, recordSchema } from "./json-schemas";

const model = modelOf({
  menus: [
    menu("things", { screen: { kind: "crud", resource: "things" } }),
    menu("owners", { screen: { kind: "crud", resource: "owners" } }),
  ],
  resources: [
    resource("owners", { owner_name: text() }),
    resource(
      "things",
      {
        code: text({ "x-input-rule": true }),
        phone: text({ format: "phone" }),
        colour: text({ format: "color" }),
        email: text({ format: "email" }),
        owner_id: refTo("owners"),
        made_by: text({ readOnly: true, "x-stamp": "account" }),
      },
      { required: ["code"] },
    ),
  ],
});
const things = model.resources.find((r) => r.name === "things")!;
const field = (name: string) => things.fields.find((f) => f.name === name)!;

describe("fieldSchema", () => {
  it.each([
    {
      given: "the spec §5 input rule, required",
      field: "code",
      nullable: false,
      want: { type: "string", pattern: INPUT_RULE_PATTERN, minLength: 1 },
    },
    {
      given: "a phone, optional",
      field: "phone",
      nullable: true,
      want: { type: ["string", "null"], pattern: PHONE_PATTERN },
    },
    { given: "a colour", field: "colour", nullable: true, want: { pattern: COLOR_PATTERN } },
    { given: "an ajv format", field: "email", nullable: true, want: { format: "email" } },
    { given: "a reference", field: "owner_id", nullable: true, want: { type: ["integer", "null"], minimum: 1 } },
  ])("$given", ({ field: name, nullable, want }) => {
    expect(fieldSchema(field(name), nullable)).toMatchObject(want);
  });
});

describe("record and input schemas", () => {
  it("create takes the writable fields, with `required` as declared, and nothing else", () => {
    const create = inputSchema(things, "create");
    expect(Object.keys(create.properties as object)).toEqual(["code", "phone", "colour", "email", "owner_id"]);
    expect(create).toMatchObject({ additionalProperties: false, required: ["code"] });
  });
  it("update needs the id", () => {
    expect(inputSchema(things, "update")).toMatchObject({
      required: ["id"],
      properties: { id: { type: "integer", minimum: 1 } },
    });
  });
  it("a record carries system fields, stamps and each reference's label", () => {
    const record = recordSchema(things);
    expect(Object.keys(record.properties as object)).toEqual(
      expect.arrayContaining(["id", "made_by", "owner_id", "owner_id_label", "created_at"]),
    );
  });
});
