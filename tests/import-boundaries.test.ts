import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  allowedBy,
  SOLE_IMPORTERS,
  cyclesOf,
  DOMAIN_MAY_IMPORT_OF_SERVER,
  importEdges,
  partOf,
  specifiersOf,
  violationsOf,
  type ImportEdge,
} from "./import-boundaries";

const ROOT = join(import.meta.dirname, "..");
const edges = importEdges(ROOT);

describe("import boundaries of the project", () => {
  it("reads a real graph (the checks below are not vacuous)", () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges).toContainEqual({ from: "mock-server/refusals.ts", to: "schema/contract/envelope" });
    expect(edges).toContainEqual({ from: "mock-server/refusals.ts", to: "mock-server/domain/refusal" });
    expect(edges.some((e) => e.from.startsWith("src/generated/") && e.to.startsWith("src/screen-kit/"))).toBe(true);
    expect(edges.some((e) => e.from.startsWith("src/layout/") && e.to.startsWith("src/state/"))).toBe(true);
  });

  it("keeps every arrow of the layout", () => {
    expect(violationsOf(edges)).toEqual([]);
  });

  it("has no import cycle", () => {
    expect(cyclesOf(edges)).toEqual([]);
  });
});

describe("violationsOf: each rule fails on a planted import", () => {
  // given: one import; want: whether it is reported. The planted imports are the ones the layout
  // once had, so a regression is named by the rule it breaks.
  const table: { name: string; given: ImportEdge; reported: boolean }[] = [
    // between programs
    {
      name: "server into the console",
      given: { from: "mock-server/errors.ts", to: "src/screen-kit/fields/input-rule" },
      reported: true,
    },
    {
      name: "console into the generator",
      given: { from: "src/screen-kit/screens/ListScreen.tsx", to: "generator/normalize/normalize" },
      reported: true,
    },
    {
      name: "generator into the server",
      given: { from: "generator/emit/emit-server.ts", to: "mock-server/context" },
      reported: true,
    },
    {
      name: "generated server code into the generator",
      given: { from: "mock-server/generated/contract.gen.ts", to: "generator/normalize/normalize" },
      reported: true,
    },
    {
      name: "the contract into a program",
      given: { from: "schema/contract/screen-config.ts", to: "src/screen-kit/fields/FieldInput" },
      reported: true,
    },
    {
      name: "the contract importing a package",
      given: { from: "schema/contract/patterns.ts", to: "antd" },
      reported: true,
    },
    // the API layer publishes events; the shell's stores subscribe
    {
      name: "session into the connection store",
      given: { from: "src/api/session.ts", to: "src/state/connection-store" },
      reported: true,
    },
    {
      name: "session into the tags store",
      given: { from: "src/api/session.ts", to: "src/state/tags-store" },
      reported: true,
    },
    {
      name: "session into the user store",
      given: { from: "src/api/session.ts", to: "src/state/user-store" },
      reported: true,
    },
    {
      name: "session into the signed-in caches",
      given: { from: "src/api/session.ts", to: "src/state/signed-in-caches" },
      reported: true,
    },
    {
      name: "session into the settings store",
      given: { from: "src/api/session.ts", to: "src/state/settings-store" },
      reported: true,
    },
    {
      name: "the API layer into generated clients outside its door",
      given: { from: "src/api/session.ts", to: "src/generated/calls.gen" },
      reported: true,
    },
    {
      name: "session into the permission check",
      given: { from: "src/api/session.ts", to: "src/permission/check-permission" },
      reported: true,
    },
    {
      name: "the API layer into generated screens",
      given: { from: "src/api/session.ts", to: "src/generated/routes.gen" },
      reported: true,
    },
    {
      name: "generated clients into the shell",
      given: { from: "src/api/generated/calls.gen.ts", to: "src/state/user-store" },
      reported: true,
    },
    {
      name: "generated clients into the screen kit",
      given: { from: "src/api/generated/clients/brands.gen.ts", to: "src/screen-kit/screens/ListScreen" },
      reported: true,
    },
    // providers are thin adapters over the API layer
    {
      name: "access control into the user store",
      given: { from: "src/providers/access-control-provider.ts", to: "src/state/user-store" },
      reported: true,
    },
    {
      name: "access control into the generated shell",
      given: { from: "src/providers/access-control-provider.ts", to: "src/state/generated-shell" },
      reported: true,
    },
    {
      name: "auth provider into the user store",
      given: { from: "src/providers/auth-provider.ts", to: "src/state/user-store" },
      reported: true,
    },
    {
      name: "i18n provider into the shell's i18n",
      given: { from: "src/providers/i18n-provider.ts", to: "src/i18n/i18n" },
      reported: true,
    },
    {
      name: "permission into the user store",
      given: { from: "src/permission/use-can.ts", to: "src/state/user-store" },
      reported: true,
    },
    // the screen kit receives what it needs through context
    {
      name: "a screen into the view titles",
      given: { from: "src/screen-kit/screens/CreateScreen.tsx", to: "src/state/view-titles" },
      reported: true,
    },
    {
      name: "the edit screen into the view titles",
      given: { from: "src/screen-kit/screens/EditScreen.tsx", to: "src/state/view-titles" },
      reported: true,
    },
    {
      name: "the show screen into the view titles",
      given: { from: "src/screen-kit/screens/ShowScreen.tsx", to: "src/state/view-titles" },
      reported: true,
    },
    {
      name: "the edit screen into the dirty forms",
      given: { from: "src/screen-kit/screens/EditScreen.tsx", to: "src/state/dirty-forms" },
      reported: true,
    },
    {
      name: "a screen into the dirty forms",
      given: { from: "src/screen-kit/screens/use-kept-form-input.ts", to: "src/state/dirty-forms" },
      reported: true,
    },
    {
      name: "a field into generated code",
      given: { from: "src/screen-kit/fields/region-tree.ts", to: "src/generated/routes.gen" },
      reported: true,
    },
    {
      name: "the screen kit into the layout",
      given: { from: "src/screen-kit/screens/ListScreen.tsx", to: "src/layout/TagsView" },
      reported: true,
    },
    // overrides receive generated tables as props or context
    {
      name: "an override into the generated shell",
      given: { from: "src/overrides/RoleManage.tsx", to: "src/state/generated-shell" },
      reported: true,
    },
    {
      name: "an override into a generated config",
      given: { from: "src/overrides/RoleManage.tsx", to: "src/generated/configs/roles.gen" },
      reported: true,
    },
    {
      name: "the foundation into the screen kit",
      given: { from: "src/utils/validate.ts", to: "src/screen-kit/fields/input-rule" },
      reported: true,
    },
    // the server
    {
      name: "a domain rule into fastify",
      given: { from: "mock-server/domain/create-handler.ts", to: "fastify" },
      reported: true,
    },
    {
      name: "a domain rule into the route table",
      given: { from: "mock-server/domain/epcis/epcis-document.ts", to: "mock-server/http/route-table" },
      reported: true,
    },
    {
      name: "a domain rule into the HTTP error handler",
      given: { from: "mock-server/domain/production/activate-codes.ts", to: "mock-server/errors" },
      reported: true,
    },
    {
      name: "a domain rule into the app context",
      given: { from: "mock-server/domain/packing/packing.ts", to: "mock-server/context" },
      reported: true,
    },
    {
      name: "a domain rule into the app's options",
      given: { from: "mock-server/domain/lookup/code-detail.ts", to: "mock-server/options" },
      reported: true,
    },
    {
      name: "a domain rule into the server's refusals",
      given: { from: "mock-server/domain/returns/returns.ts", to: "mock-server/refusals" },
      reported: true,
    },
    {
      name: "a domain rule into the app",
      given: { from: "mock-server/domain/returns/returns.ts", to: "mock-server/app" },
      reported: true,
    },
    {
      name: "a domain rule into a route of the chain's calls",
      given: {
        from: "mock-server/domain/codes/code-downloads/batch-download.ts",
        to: "mock-server/http/domain-routes/code-download-route",
      },
      reported: true,
    },
    {
      name: "a domain rule into fastify's plugin wrapper",
      given: { from: "mock-server/domain/scan-warnings/scan-warnings.ts", to: "fastify-plugin" },
      reported: true,
    },
    {
      name: "a domain rule into the public scan's address lookup",
      given: { from: "mock-server/domain/scan-warnings/scan-warnings.ts", to: "mock-server/public/ip-region" },
      reported: true,
    },
    {
      name: "a domain rule into the public scan",
      given: { from: "mock-server/domain/scan-warnings/raise-warning.ts", to: "mock-server/public/consumer-scan" },
      reported: true,
    },
    {
      name: "a domain rule into the organisation's resources",
      given: { from: "mock-server/domain/codes/code-rules/rule-of.ts", to: "mock-server/org/org-resources" },
      reported: true,
    },
    {
      name: "a domain rule into the area tree's route",
      given: { from: "mock-server/domain/lookup/code-logistics.ts", to: "mock-server/org/address-area-routes" },
      reported: true,
    },
    {
      name: "a domain rule into the generic writes' hook registry",
      given: { from: "mock-server/domain/logistics/authorise-region.ts", to: "mock-server/resources/write-hooks" },
      reported: true,
    },
    {
      name: "a domain rule into the grants of a session",
      given: { from: "mock-server/domain/inspection/record-inspection.ts", to: "mock-server/auth/grants" },
      reported: true,
    },
    {
      name: "the server reading YAML",
      given: { from: "mock-server/live/contract-file.ts", to: "yaml" },
      reported: true,
    },
    {
      name: "generated server code into the server",
      given: { from: "mock-server/generated/contract.gen.ts", to: "mock-server/context" },
      reported: true,
    },
    {
      name: "a chain rule appending to the ledger without the transition table's check",
      given: { from: "mock-server/domain/packing/link-packaging.ts", to: "mock-server/domain/ledger/append-event" },
      reported: true,
    },
    {
      name: "a test appending to the ledger without the fixture for it",
      given: { from: "mock-server/domain/ledger/ledger.test.ts", to: "mock-server/domain/ledger/append-event" },
      reported: true,
    },
    // allowed arrows
    {
      name: "the ledger appending after its check",
      given: { from: "mock-server/domain/ledger/ledger.ts", to: "mock-server/domain/ledger/append-event" },
      reported: false,
    },
    {
      name: "each program importing the contract",
      given: { from: "mock-server/errors.ts", to: "schema/contract/patterns" },
      reported: false,
    },
    {
      name: "the shell importing generated code",
      given: { from: "src/layout/Sidebar.tsx", to: "src/generated/routes.gen" },
      reported: false,
    },
    {
      name: "the shell importing a store",
      given: { from: "src/layout/TagsView.tsx", to: "src/state/tags-store" },
      reported: false,
    },
    {
      name: "generated screens importing the screen kit",
      given: { from: "src/generated/screens/dealer/ListPage.gen.tsx", to: "src/screen-kit/screens/ListScreen" },
      reported: false,
    },
    {
      name: "generated routes importing an override",
      given: { from: "src/generated/routes.gen.ts", to: "src/overrides/RoleManage" },
      reported: false,
    },
    {
      name: "an override importing the screen kit",
      given: { from: "src/overrides/RoleManage.tsx", to: "src/screen-kit/screens/TreeNodeModal" },
      reported: false,
    },
    {
      name: "the screen kit importing the API layer",
      given: { from: "src/screen-kit/fields/RefSelect.tsx", to: "src/api/endpoint-call" },
      reported: false,
    },
    {
      name: "the API layer importing the settings",
      given: { from: "src/api/session.ts", to: "src/settings" },
      reported: false,
    },
    {
      name: "a provider importing the permission check",
      given: { from: "src/providers/access-control-provider.ts", to: "src/permission/check-permission" },
      reported: false,
    },
    {
      name: "a domain rule importing the store",
      given: { from: "mock-server/domain/production/activate-codes.ts", to: "mock-server/db/store" },
      reported: false,
    },
    {
      name: "a domain rule importing where a place is",
      given: { from: "mock-server/domain/scan-warnings/scan-warnings.ts", to: "mock-server/regions/ip-region" },
      reported: false,
    },
    {
      name: "a domain rule importing the organisation's paths",
      given: { from: "mock-server/domain/codes/code-rules/rule-of.ts", to: "mock-server/org-paths" },
      reported: false,
    },
    {
      name: "a test beside a rule driving the public scan",
      given: { from: "mock-server/domain/scan-warnings/scan-warnings.test.ts", to: "mock-server/public/consumer-scan" },
      reported: false,
    },
    {
      name: "a domain rule importing the chain's context",
      given: { from: "mock-server/domain/packing/packing.ts", to: "mock-server/domain/chain-context" },
      reported: false,
    },
    {
      name: "an adapter importing the app context",
      given: { from: "mock-server/actions/registry.ts", to: "mock-server/context" },
      reported: false,
    },
    {
      name: "a test beside a rule driving the app",
      given: { from: "mock-server/domain/ledger/ledger.test.ts", to: "mock-server/context" },
      reported: false,
    },
    { name: "the server importing a package", given: { from: "mock-server/app.ts", to: "fastify" }, reported: false },
    {
      name: "a contract test importing vitest",
      given: { from: "schema/contract/envelope.test.ts", to: "vitest" },
      reported: false,
    },
    {
      name: "a test beside the API layer wiring the shell",
      given: { from: "src/api/session.test.ts", to: "src/state/user-store" },
      reported: false,
    },
    {
      name: "tests/ importing anything",
      given: { from: "tests/contract/running-server.ts", to: "mock-server/app" },
      reported: false,
    },
  ];
  it.each(table)("$name: reported $reported", ({ given, reported }) => {
    const found = violationsOf([given]);
    expect(found.length).toBe(reported ? 1 : 0);
    if (reported) expect(found[0]).toMatchObject(given);
  });

  it("plants its imports in files that exist, so a moved file cannot leave a rule untested", () => {
    const missing = table.map(({ given }) => given.from).filter((from) => !existsSync(join(ROOT, from)));
    expect(missing).toEqual([]);
  });

  it("reports a planted import in the real graph", () => {
    const planted = { from: "src/api/session.ts", to: "src/state/user-store" };
    expect(violationsOf([...edges, planted])).toEqual([expect.objectContaining(planted)]);
  });

  it("names as a module's sole importers only files that import it", () => {
    const idle = Object.entries(SOLE_IMPORTERS).flatMap(([module, importers]) =>
      importers.filter((from) => !edges.some((edge) => edge.from === from && edge.to === module)),
    );
    expect(idle).toEqual([]);
  });

  it("allows the domain nothing of the server that no domain file imports", () => {
    const domainImports = edges.filter(
      (edge) => partOf(edge.from) === "domain" && !edge.from.endsWith(".test.ts") && partOf(edge.to) === "server",
    );
    const unused = DOMAIN_MAY_IMPORT_OF_SERVER.filter(
      (entry) => !domainImports.some((edge) => allowedBy(entry, edge.to)),
    );
    expect(unused).toEqual([]);
  });

  it("puts every scanned file in a part", () => {
    expect(edges.filter((edge) => partOf(edge.from) === undefined)).toEqual([]);
  });
});

describe("cyclesOf", () => {
  const graph = (...pairs: [string, string][]): ImportEdge[] => pairs.map(([from, to]) => ({ from, to }));
  it.each([
    { name: "a chain", given: graph(["a.ts", "b"], ["b.ts", "c"], ["c.ts", "node:fs"]), want: [] },
    { name: "two files", given: graph(["a.ts", "b"], ["b.ts", "a"]), want: [["a.ts", "b.ts"]] },
    {
      name: "a loop through three files and one apart",
      given: graph(["a.ts", "b"], ["b.tsx", "c"], ["c.ts", "a"], ["d.ts", "a"]),
      want: [["a.ts", "b.tsx", "c.ts"]],
    },
    { name: "a folder's index", given: graph(["a.ts", "x"], ["x/index.ts", "a"]), want: [["a.ts", "x/index.ts"]] },
  ])("$name", ({ given, want }) => {
    expect(cyclesOf(given)).toEqual(want);
  });

  // The loops the tree once had: each pair's arrow now points one way, and planting the other
  // direction is reported.
  it.each([
    ["mock-server/context.ts", "mock-server/options.ts"],
    ["mock-server/db/store.ts", "mock-server/db/engine/sqlite-engine.ts"],
    ["mock-server/resources/export/export-writers.ts", "mock-server/resources/export/xlsx-writer.ts"],
    ["schema/contract/calls.ts", "schema/contract/chain-lookup-calls.ts"],
    ["src/i18n/messages.ts", "src/locales/en/console-messages.ts"],
    ["src/screen-kit/screens/ActionButton.tsx", "src/screen-kit/screens/DownloadActionButton.tsx"],
    ["src/generated/routes.gen.ts", "src/overrides/RoleManage.tsx"],
  ])("a planted import back between %s and %s is a cycle", (a, b) => {
    const files = new Set(edges.map((edge) => edge.from));
    expect(files.has(a) && files.has(b)).toBe(true);
    const strip = (path: string) => path.replace(/\.tsx?$/, "");
    const reaches = (from: string, to: string): boolean => {
      const seen = new Set([from]);
      const queue = [from];
      while (queue.length) {
        const file = queue.shift()!;
        for (const edge of edges) {
          if (edge.from !== file) continue;
          const target = [...files].find((f) => strip(f) === edge.to);
          if (!target || seen.has(target)) continue;
          if (target === to) return true;
          seen.add(target);
          queue.push(target);
        }
      }
      return false;
    };
    const [upstream, downstream] = reaches(a, b) ? [a, b] : [b, a];
    expect(reaches(downstream, upstream)).toBe(false);
    const planted = { from: downstream, to: strip(upstream) };
    expect(cyclesOf([...edges, planted]).some((cycle) => cycle.includes(a) && cycle.includes(b))).toBe(true);
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
