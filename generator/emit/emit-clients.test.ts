import { describe, expect, it } from "vitest";
import { modelOf, SHOP } from "../test-support/tiny-manifest";
import { emitClients } from "./emit-clients";

const files = emitClients(modelOf(SHOP));
const contentOf = (resource: string) =>
  files.find((f) => f.path === `src/api/generated/clients/${resource}.gen.ts`)!.content;

describe("emitClients", () => {
  it("one client module per resource", () => {
    expect(files.map((f) => f.path)).toEqual(
      ["brands", "lookups", "products"].map((r) => `src/api/generated/clients/${r}.gen.ts`),
    );
  });

  it.each([
    {
      given: "an entity",
      resource: "brands",
      want: "export const brandsClient = createResourceClient<BrandsRecord, BrandsCreateInput>(",
    },
    {
      given: "its actions by name",
      resource: "brands",
      want: 'close: {\n        method: "POST",\n        path: "/api/brands/close",\n      },',
    },
    {
      given: "the request module of the API layer it is part of",
      resource: "brands",
      want: 'import { createResourceClient } from "../../resource-client";',
    },
    {
      given: "its types",
      resource: "products",
      want: 'import type { ProductsRecord, ProductsCreateInput } from "../types/products.gen";',
    },
  ])("$given", ({ resource, want }) => {
    expect(contentOf(resource)).toContain(want);
  });
});
