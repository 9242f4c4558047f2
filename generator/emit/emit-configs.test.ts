import { describe, expect, it } from "vitest";
import type { ScreenConfig } from "../../schema/contract/screen-config";
import { modelOf, normalizeTiny, SHOP, t } from "../test-support/tiny-manifest";
import { emitConfigs } from "./emit-configs";

const files = emitConfigs(modelOf(SHOP));
/** The literal after `: ScreenConfig =` is plain data (keys unquoted where they may be), read back as the module would. */
const literalOf = (content: string): ScreenConfig =>
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- evaluating the emitted literal is what the test checks
  new Function(`return ${content.slice(content.indexOf("= ") + 2, content.lastIndexOf(";"))};`)() as ScreenConfig;
const configOf = (resource: string): ScreenConfig =>
  literalOf(files.find((f) => f.path === `src/generated/configs/${resource}.gen.ts`)!.content);

describe("emitConfigs", () => {
  it("one config per resource with views, typed by the contract's ScreenConfig", () => {
    expect(files.map((f) => f.path)).toEqual(
      ["brands", "lookups", "products"].map((r) => `src/generated/configs/${r}.gen.ts`),
    );
    expect(files[0].content).toContain('import type { ScreenConfig } from "../../../schema/contract/screen-config";');
  });

  it.each([
    {
      given: "buttons of the menus that read it",
      want: [
        ["brandlist_add", "create"],
        ["brandlist_edit", "edit"],
        ["brandlist_close", "close"],
      ],
      got: () => configOf("brands").buttons.map((b) => [b.code, b.action]),
    },
    {
      given: "an action",
      want: [{ name: "close", method: "POST", path: "/api/brands/close", scope: "row" }],
      got: () => configOf("brands").actions.map(({ name, method, path, scope }) => ({ name, method, path, scope })),
    },
    {
      given: "a reference",
      want: { resource: "brands", optionsPath: "/api/brands/options", optionsMethod: "GET" },
      got: () => configOf("products").fields.find((f) => f.name === "brand_id")?.ref,
    },
    {
      given: "routes of the other views",
      want: {
        list: "/home/shop/productlist",
        create: "/home/shop/productedit/create",
        edit: "/home/shop/productedit/edit/:id",
        show: "/home/shop/productlist/show/:id",
      },
      got: () => configOf("products").routes,
    },
    {
      given: "a required string field",
      want: [{ kind: "maxLength", value: 64 }],
      got: () => configOf("lookups").fields.find((f) => f.name === "code")?.rules,
    },
  ])("$given", ({ want, got }) => {
    expect(got()).toEqual(want);
  });
});

describe("enum colours", () => {
  const withStatus = (color: string) => ({
    ...SHOP,
    enums: { brand_status: { open: { ...t("Open"), color }, closed: t("Closed") } },
    resources: SHOP.resources.map((r) =>
      r.name === "brands"
        ? {
            ...r,
            fields: {
              ...(r.fields as object),
              status: { type: "string", "x-enum": "brand_status", "x-ui": { label: t("Status") } },
            },
          }
        : r,
    ),
  });

  it("carries a declared colour to the field's options, and leaves it out where none is declared", () => {
    const config = emitConfigs(modelOf(withStatus("success"))).find((f) => f.path.endsWith("brands.gen.ts"))!;
    const parsed = literalOf(config.content);
    expect(parsed.fields.find((f) => f.name === "status")?.options).toEqual([
      { value: "open", labelKey: "enum.brand_status.open", color: "success" },
      { value: "closed", labelKey: "enum.brand_status.closed" },
    ]);
  });

  it("refuses a colour that means nothing, naming where", () => {
    const { problems } = normalizeTiny(withStatus("pink"));
    expect(problems.map((p) => `${p.pointer} ${p.message}`).join("\n")).toMatch(
      /\/enums\/brand_status\/open\/color.*(success|one of)/,
    );
  });
});
