import { describe, expect, it } from "vitest";
import type { ServerContract } from "../../schema/contract/server-contract";
import { modelOf, SHOP } from "../test-support/tiny-manifest";
import { emitServer } from "./emit-server";

const files = emitServer(modelOf(SHOP));
const contract = JSON.parse(files.find((f) => f.path.endsWith("contract.gen.json"))!.content) as ServerContract;
const brands = contract.resources.find((r) => r.name === "brands")!;

describe("emitServer", () => {
  it("writes the contract as JSON and a typed wrapper that imports its type from schema/contract", () => {
    expect(files.map((f) => f.path)).toEqual([
      "mock-server/generated/contract.gen.json",
      "mock-server/generated/contract.gen.ts",
    ]);
    expect(files[1].content).toContain('from "../../schema/contract/server-contract"');
  });

  it.each([
    {
      given: "a resource's roles",
      want: { readRoles: ["brandlist"], optionRoles: ["brandlist", "productlist", "productedit"] },
      got: () => ({ readRoles: brands.readRoles, optionRoles: brands.optionRoles }),
    },
    {
      given: "an action",
      want: { name: "close", roles: ["brandlist_close"], set: { status: "closed" }, stamp: { closed_at: "now" } },
      got: () => brands.actions[0],
    },
    {
      given: "a stamped column",
      want: { name: "created_by", stamp: "account", readOnly: true },
      got: () => brands.columns.find((c) => c.name === "created_by"),
    },
    { given: "the menu tree", want: ["shop"], got: () => contract.menuTree.children.map((c) => c.menu_key) },
  ])("$given", ({ want, got }) => {
    expect(got()).toMatchObject(want);
  });
});
