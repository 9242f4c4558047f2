// The parts of the house and the arrows between them. schema/ is
// the one contract, and generator/, src/ and mock-server/ never import each other. Inside the console
// arrows point inward only: the API layer, the permission check, the providers, the screen kit, the
// overrides and the generated screens never import the shell; the shell may import all of them.
// Inside the server the domain rules import nothing of HTTP nor the app's context and options (they
// take the chain's narrow context, which the app's satisfies) and of the rest of the server only an
// allowed list (the store, SQL helpers, time, regions…), the generated contract imports only the
// contract, and nothing reads YAML (the server takes the manifest from its generated contract).
// tests/ and bench/ may import anything; a test file beside the code is held to the rules between
// programs, not to the layers inside one (it may wire a layer to the shell to test it).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

/** One import: the importing file and what it names, both relative to the project root (posix). */
export interface ImportEdge {
  readonly from: string;
  /** A project file (resolved, without extension) or a package name as written. */
  readonly to: string;
}

export interface Violation extends ImportEdge {
  readonly rule: string;
}

export type Part =
  | "contract"
  | "generator"
  | "foundation"
  | "api"
  | "permission"
  | "providers"
  | "screen-kit"
  | "overrides"
  | "console-generated"
  | "shell"
  | "server-generated"
  | "domain"
  | "server";

/** Which part a path belongs to: the first pattern that matches. */
const PARTS: readonly (readonly [RegExp, Part])[] = [
  [/^schema\//, "contract"],
  [/^generator\//, "generator"],
  [/^src\/(utils\/|settings(\.tsx?)?$)/, "foundation"],
  [/^src\/api\//, "api"],
  [/^src\/permission\//, "permission"],
  [/^src\/providers\//, "providers"],
  [/^src\/screen-kit\//, "screen-kit"],
  [/^src\/overrides\//, "overrides"],
  [/^src\/generated\//, "console-generated"],
  [/^src\//, "shell"],
  [/^mock-server\/generated\//, "server-generated"],
  [/^mock-server\/domain\//, "domain"],
  [/^mock-server\//, "server"],
];

const CONSOLE_INNER: readonly Part[] = ["foundation", "api", "permission", "providers", "screen-kit", "overrides"];

/** The parts each part may import, besides itself. */
export const MAY_IMPORT: Readonly<Record<Part, readonly Part[]>> = {
  contract: [],
  generator: ["contract"],
  foundation: ["contract"],
  api: ["foundation", "contract"],
  permission: ["foundation", "contract"],
  providers: ["api", "permission", "foundation", "contract"],
  "screen-kit": ["api", "permission", "foundation", "contract"],
  overrides: ["screen-kit", "api", "permission", "foundation", "contract"],
  "console-generated": ["overrides", "screen-kit", "api", "permission", "foundation", "contract"],
  shell: [...CONSOLE_INNER, "console-generated", "contract"],
  "server-generated": ["contract"],
  domain: ["server", "server-generated", "contract"],
  server: ["domain", "server-generated", "contract"],
};

const PROGRAM_OF: Readonly<Record<Part, string>> = {
  contract: "schema",
  generator: "generator",
  foundation: "src",
  api: "src",
  permission: "src",
  providers: "src",
  "screen-kit": "src",
  overrides: "src",
  "console-generated": "src",
  shell: "src",
  "server-generated": "mock-server",
  domain: "mock-server",
  server: "mock-server",
};

/** What in the server speaks HTTP: the domain rules import none of it. */
const HTTP_MODULES = /^mock-server\/(http\/|app$|api-routes$|server$|errors$)/;
/**
 * The app's own context, options and refusals: a domain rule takes the chain's context
 * (domain/chain-context.ts) and throws the chain's refusals (domain/refusal.ts) instead.
 */
const APP_MODULES = /^mock-server\/(context|options|refusals)$/;
/**
 * The server's modules a domain rule may import: the store and its SQL helpers, the business
 * calendar, where a place is (regions/, a folder), the organisation's paths, job leases, and the
 * table layer's row, catalog and stamp types and helpers. Anything else of the server (HTTP, the
 * app, public/, org/, the generic calls) is reached through an adapter that hands the rule what it
 * needs.
 */
export const DOMAIN_MAY_IMPORT_OF_SERVER: readonly string[] = [
  "mock-server/db/store",
  "mock-server/db/sql-names",
  "mock-server/db/sql-params",
  "mock-server/db/cell-text",
  "mock-server/db/schema-catalog",
  "mock-server/db/engine/database-errors",
  "mock-server/db/engine/dialect",
  "mock-server/db/partitions/growing-tables",
  "mock-server/db/partitions/partition-ddl",
  "mock-server/time/business-calendar",
  "mock-server/time/business-day",
  "mock-server/time/business-zone",
  "mock-server/time/api-time",
  "mock-server/regions/",
  "mock-server/org-paths",
  "mock-server/jobs/job-leases",
  "mock-server/jobs/job-timing",
  "mock-server/resources/row-codec",
  "mock-server/resources/catalog",
  "mock-server/resources/stamps",
  "mock-server/resources/per-entry",
];

/**
 * Modules that only the named files may import, tests included: the ledger's raw append writes an
 * event's rows without the transition table's check, so only the ledger (after that check) and the
 * fixture that plants a restored ledger hold it.
 */
export const SOLE_IMPORTERS: Readonly<Record<string, readonly string[]>> = {
  "mock-server/domain/ledger/append-event": [
    "mock-server/domain/ledger/ledger.ts",
    "mock-server/test-fixtures/planted-events.ts",
  ],
};

/** Whether an entry of that list names `to`: the module itself, or a folder (ending in /) holding it. */
export const allowedBy = (entry: string, to: string): boolean =>
  entry.endsWith("/") ? to.startsWith(entry) : to === entry;

const HTTP_PACKAGES = /^(fastify|fastify-plugin|@fastify\/.*|light-my-request|node:http|node:https)$/;
const YAML_PACKAGES = /^(yaml|js-yaml)$/;

export function partOf(path: string): Part | undefined {
  return PARTS.find(([pattern]) => pattern.test(path))?.[1];
}

const isTestFile = (path: string): boolean => /\.test\.tsx?$/.test(path);

/** The rule an edge breaks, if any (the first that applies names it). */
function ruleBroken(edge: ImportEdge): string | undefined {
  const from = partOf(edge.from);
  if (!from) return undefined;
  const soleImporters = SOLE_IMPORTERS[edge.to.replace(/\.tsx?$/, "")];
  if (soleImporters && !soleImporters.includes(edge.from))
    return `only ${soleImporters.join(" and ")} may import ${edge.to}`;
  const to = partOf(edge.to);
  const isPackage = to === undefined && !edge.to.startsWith(".");
  const test = isTestFile(edge.from);
  if (isPackage) {
    if (from === "contract" && !test) return "schema/ is dependency-free: it imports no package";
    if (from === "domain" && !test && HTTP_PACKAGES.test(edge.to))
      return "the domain rules import nothing of HTTP: an adapter in the server connects them";
    if ((from === "server" || from === "domain") && !test && YAML_PACKAGES.test(edge.to))
      return "mock-server/ reads no YAML: it serves the generated contract";
    return undefined;
  }
  if (!to || to === from) {
    if (from === "domain" && !test && HTTP_MODULES.test(edge.to))
      return "the domain rules import nothing of HTTP: an adapter in the server connects them";
    return undefined;
  }
  if (from === "domain" && !test && APP_MODULES.test(edge.to))
    return "the domain rules take the chain's context and throw the chain's refusals, not the app's: an adapter maps them";
  const [fromProgram, toProgram] = [PROGRAM_OF[from], PROGRAM_OF[to]];
  if (fromProgram !== toProgram && to !== "contract")
    return `${fromProgram}/ may not import ${toProgram}/: share it through schema/`;
  if (from === "contract" && !test) return "schema/ is dependency-free: it imports only schema/";
  if (test) return undefined;
  if (from === "domain" && HTTP_MODULES.test(edge.to))
    return "the domain rules import nothing of HTTP: an adapter in the server connects them";
  if (!MAY_IMPORT[from].includes(to)) return `${from} may not import ${to}: arrows point inward`;
  if (from === "domain" && to === "server" && !DOMAIN_MAY_IMPORT_OF_SERVER.some((entry) => allowedBy(entry, edge.to)))
    return "the domain rules import of the server only the store, SQL helpers, time, regions, org paths, job leases and row types: an adapter hands them the rest";
  return undefined;
}

/** Every edge that breaks a rule, with the rule. */
export function violationsOf(edges: readonly ImportEdge[]): Violation[] {
  const violations: Violation[] = [];
  for (const edge of edges) {
    const rule = ruleBroken(edge);
    if (rule) violations.push({ ...edge, rule });
  }
  return violations;
}

const SPECIFIERS = [
  /\b(?:import|export)\s[^'";]*?\bfrom\s*["']([^"']+)["']/g,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  /^\s*import\s+["']([^"']+)["']/gm,
];

/** The specifiers one source file imports (static, re-exports, dynamic, side-effect). */
export function specifiersOf(source: string): string[] {
  const found: string[] = [];
  for (const pattern of SPECIFIERS) for (const match of source.matchAll(pattern)) found.push(match[1]);
  return found;
}

function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).replace(/\\/g, "/"))
    .filter((path) => !path.includes("node_modules/"))
    .sort();
}

/** The import graph of schema/, generator/, src/ and mock-server/ as it is on disk. */
export function importEdges(root: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const area of ["schema", "generator", "src", "mock-server"]) {
    for (const file of sourceFiles(root, area)) {
      for (const specifier of specifiersOf(readFileSync(join(root, file), "utf8"))) {
        const to = specifier.startsWith(".")
          ? normalize(join(dirname(file), specifier)).replace(/\\/g, "/")
          : specifier;
        edges.push({ from: file, to });
      }
    }
  }
  return edges;
}

/** The project file an edge's target names (with its extension), or undefined for a package. */
export function resolveTarget(to: string, files: ReadonlySet<string>): string | undefined {
  for (const candidate of [to, `${to}.ts`, `${to}.tsx`, `${to}/index.ts`]) if (files.has(candidate)) return candidate;
  return undefined;
}

/**
 * Every import cycle, as the files of each strongly connected component of the graph (Tarjan),
 * each component sorted and the list sorted by its first file. Type-only imports count: a cycle of
 * types still ties the files' meaning together.
 */
export function cyclesOf(edges: readonly ImportEdge[]): string[][] {
  const files = new Set(edges.map((edge) => edge.from));
  const next = new Map<string, string[]>();
  for (const edge of edges) {
    const target = resolveTarget(edge.to, files);
    if (target && target !== edge.from) next.set(edge.from, [...(next.get(edge.from) ?? []), target]);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of next.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) components.push(component.sort());
  };
  for (const file of [...files].sort()) if (!index.has(file)) visit(file);
  return components.sort((a, b) => a[0].localeCompare(b[0]));
}
