import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importEdges, specifiersOf, violationsOf, type ImportEdge } from "./import-boundaries";

const ROOT = join(import.meta.dirname, "..");

describe("import boundaries of the project", () => {
  const edges = importEdges(ROOT);

  it("reads a real graph (the check below is not vacuous)", () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges).toContainEqual({ from: "mock-server/errors.ts", to: "schema/contract/envelope" });
    expect(edges.some((e) => e.from.startsWith("src/generated/") && e.to.startsWith("schema/contract/"))).toBe(true);
  });

  it("has no import across generator/, src/ and mock-server/, none out of schema/, none from generated code into the layout", () => {
    expect(violationsOf(edges)).toEqual([]);
  });
});

describe("violationsOf", () => {
  // given: an import graph; want: the edges reported, with their rule.
  const table: { name: string; given: ImportEdge; reported: boolean }[] = [
    {
      name: "server reaching into the console",
      given: { from: "mock-server/errors.ts", to: "src/components/fields/input-rule-pattern" },
      reported: true,
    },
    {
      name: "console reaching into the generator",
      given: { from: "src/components/screens/screen-config.ts", to: "generator/model/model" },
      reported: true,
    },
    {
      name: "generator reaching into the server",
      given: { from: "generator/emit/emit-server.ts", to: "mock-server/contract/contract-types" },
      reported: true,
    },
    {
      name: "generated server code reaching into the generator",
      given: { from: "mock-server/generated/contract.gen.ts", to: "generator/model/model" },
      reported: true,
    },
    {
      name: "generated console code importing the layout",
      given: { from: "src/generated/routes.gen.ts", to: "src/layout/Sidebar" },
      reported: true,
    },
    {
      name: "the contract importing a program",
      given: { from: "schema/contract/screen-config.ts", to: "src/components/fields/FieldInput" },
      reported: true,
    },
    {
      name: "the contract importing a package",
      given: { from: "schema/contract/patterns.ts", to: "antd" },
      reported: true,
    },
    {
      name: "each program importing the contract",
      given: { from: "mock-server/errors.ts", to: "schema/contract/patterns" },
      reported: false,
    },
    {
      name: "a program importing itself",
      given: { from: "src/layout/Sidebar.tsx", to: "src/generated/routes.gen" },
      reported: false,
    },
    { name: "a package", given: { from: "mock-server/app.ts", to: "fastify" }, reported: false },
    {
      name: "a contract test importing vitest",
      given: { from: "schema/contract/envelope.test.ts", to: "vitest" },
      reported: false,
    },
    {
      name: "tests importing anything",
      given: { from: "tests/contract/running-server.ts", to: "mock-server/app" },
      reported: false,
    },
  ];
  it.each(table)("$name: reported $reported", ({ given, reported }) => {
    const found = violationsOf([given]);
    expect(found.length).toBe(reported ? 1 : 0);
    if (reported) expect(found[0]).toMatchObject(given);
  });
});

describe("specifiersOf", () => {
  it("finds static, type-only, multi-line, re-exported, dynamic and side-effect imports", () => {
    const source = [
      'import { a } from "../a";',
      'import type { B } from "../../b";',
      "import {\n  c,\n  d,\n} from './cd';",
      'export { e } from "./e";',
      'const f = () => import("./f");',
      'import "./g.css";',
    ].join("\n");
    expect(specifiersOf(source).sort()).toEqual(["../../b", "../a", "./cd", "./e", "./f", "./g.css"]);
  });
});
