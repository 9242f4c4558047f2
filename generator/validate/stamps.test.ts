// Given stamped fields and actions, want the model's stamps or the problem the validate stage names.
import { describe, expect, it } from "vitest";
import { menu, modelOf, normalizeTiny, resource, t, text } from "../test-support/tiny-manifest";

const withBrands = (fields: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  menus: [menu("brandlist", { screen: { kind: "crud", resource: "brands" } })],
  resources: [resource("brands", { brand_name: text(), ...fields }, extra)],
});
const closeAction = (stamp: Record<string, string>, set: Record<string, string> = { status: "closed" }) => ({
  actions: { close: { endpoint: "POST /api/brands/close", title: t("Close"), set, stamp } },
});
const problemsOf = (tiny: ReturnType<typeof withBrands>) =>
  normalizeTiny(tiny).problems.map((p) => `${p.pointer} ${p.message}`);

describe("stamps", () => {
  it.each([
    { given: { created_by: text({ readOnly: true, "x-stamp": "account" }) }, field: "created_by", want: "account" },
    {
      given: { stamped_at: { ...text({ readOnly: true, "x-stamp": "now" }), format: "date-time" } },
      field: "stamped_at",
      want: "now",
    },
  ])("x-stamp $want on $field is kept on the field", ({ given, field, want }) => {
    const brands = modelOf(withBrands(given)).resources[0];
    expect(brands.fields.find((f) => f.name === field)?.stamp).toBe(want);
  });

  it("an action's stamp is kept on the action", () => {
    const given = withBrands(
      { status: text(), closed_by: text({ readOnly: true }) },
      closeAction({ closed_by: "account" }),
    );
    expect(modelOf(given).resources[0].actions[0].stamp).toEqual({ closed_by: "account" });
  });

  it.each([
    {
      name: "a writable stamped field",
      given: withBrands({ created_by: text({ "x-stamp": "account" }) }),
      want: /give it readOnly: true/,
    },
    {
      name: "a stamp on a missing field",
      given: withBrands({ status: text() }, closeAction({ nowhere: "now" })),
      want: /field 'nowhere' does not exist/,
    },
    {
      name: "a stamp on a system field",
      given: withBrands({ status: text() }, closeAction({ updated_at: "now" })),
      want: /kept by the server itself/,
    },
    {
      name: "a field both set and stamped",
      given: withBrands({ status: text({ readOnly: true }) }, closeAction({ status: "account" })),
      want: /both set and stamped/,
    },
  ])("$name is a problem", ({ given, want }) => {
    expect(problemsOf(given).join("\n")).toMatch(want);
  });
});
