// The import rules of the house (STYLE: schema/ is the one contract): generator/, src/ and
// mock-server/ never import each other; schema/ imports nothing outside itself; generated console
// code never imports the layout. tests/ and bench/ may import anything.
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

const PROGRAMS = ["generator", "src", "mock-server"] as const;
const SCANNED = ["schema", ...PROGRAMS];

function areaOf(path: string): string | undefined {
  const top = path.split("/")[0];
  return SCANNED.includes(top) ? top : undefined;
}

const isTestFile = (path: string): boolean => /\.test\.tsx?$/.test(path);

/** Every rule an edge breaks (an edge breaks at most one; the first that applies names it). */
export function violationsOf(edges: readonly ImportEdge[]): Violation[] {
  const violations: Violation[] = [];
  for (const edge of edges) {
    const from = areaOf(edge.from);
    const isPackage = !edge.to.startsWith(".") && !SCANNED.some((a) => edge.to === a || edge.to.startsWith(`${a}/`));
    const to = isPackage ? undefined : areaOf(edge.to);
    let rule: string | undefined;
    if (from === "schema" && !isTestFile(edge.from) && to !== "schema")
      rule = "schema/ is dependency-free: it imports only schema/";
    else if (from && from !== "schema" && to && to !== "schema" && to !== from)
      rule = `${from}/ may not import ${to}/: share it through schema/`;
    else if (edge.from.startsWith("src/generated/") && edge.to.startsWith("src/layout/"))
      rule = "generated code may not import the layout";
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
  for (const area of SCANNED) {
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
