// Given an x-ref-where between two resources, want it on the model or the problem the validate stage names.
import { describe, expect, it } from "vitest";
import { menu, modelOf, normalizeTiny, refTo, resource, text } from "../test-support/tiny-manifest";

const positions = (where: Record<string, string>, ownFields: Record<string, unknown> = {}) => ({
  menus: [
    menu("departments", { screen: { kind: "crud", resource: "departments" } }),
    menu("positions", { screen: { kind: "crud", resource: "positions" } }),
    menu("people", { screen: { kind: "crud", resource: "people" } }),
  ],
  resources: [
    resource("departments", { department_name: text() }),
    resource("positions", { position_name: text(), department_id: refTo("departments") }),
    resource("people", {
      person_name: text(),
      department_id: refTo("departments"),
      position_id: refTo("positions", { "x-ref-where": where }),
      ...ownFields,
    }),
  ],
});

describe("x-ref-where", () => {
  it("a narrowing by another field of the form is kept on the field", () => {
    const people = modelOf(positions({ department_id: "department_id" })).resources.find((r) => r.name === "people")!;
    expect(people.fields.find((f) => f.name === "position_id")?.refWhere).toEqual({ department_id: "department_id" });
  });

  it.each<{ name: string; where: Record<string, string>; want: RegExp }>([
    {
      name: "a field the referred resource lacks",
      where: { nowhere: "department_id" },
      want: /field 'nowhere' does not exist in resource 'positions'/,
    },
    {
      name: "a field this resource lacks",
      where: { department_id: "nowhere" },
      want: /field 'nowhere' does not exist in resource 'people'/,
    },
    { name: "its own value", where: { department_id: "position_id" }, want: /cannot be narrowed by its own value/ },
  ])("$name is a problem", ({ where, want }) => {
    expect(
      normalizeTiny(positions(where))
        .problems.map((p) => p.message)
        .join("\n"),
    ).toMatch(want);
  });

  it("a field not in the form would keep the select waiting: a problem", () => {
    const given = positions(
      { department_id: "home_department" },
      { home_department: refTo("departments", { readOnly: true }) },
    );
    expect(
      normalizeTiny(given)
        .problems.map((p) => p.message)
        .join("\n"),
    ).toMatch(/not in the form/);
  });
});
