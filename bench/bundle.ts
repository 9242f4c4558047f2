// bench/bundle: builds the console and prints, gzipped, the JavaScript /login loads before its first
// paint, what the dashboard adds after login, and the largest generated-screen chunk. It also checks
// that every generated screen is its own lazily loaded chunk.  Run: npm run bench:bundle
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Manifest } from "vite";

const root = resolve(import.meta.dirname, "..");
const outDir = join(root, "bench/.work/dist");

await build({
  root,
  configFile: join(root, "vite.config.ts"),
  configLoader: "runner", // vite.config.ts imports without file extensions: load it through Vite's resolver
  logLevel: "warn",
  build: { outDir, emptyOutDir: true, manifest: true },
});

const manifest = JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
const gz = (file: string) => gzipSync(readFileSync(join(outDir, file))).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A chunk and everything it imports statically (what the browser fetches before running it). */
function closure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}
const union = (...sets: Set<string>[]) => new Set(sets.flatMap((set) => [...set]));
const total = (files: Iterable<string>) =>
  [...files].filter((f) => f.endsWith(".js")).reduce((sum, f) => sum + gz(f), 0);

const entry = closure("index.html");
const login = union(entry, closure("src/pages/login/Login.tsx"));
const dashboard = union(closure("src/layout/Layout.tsx"), closure("src/pages/dashboard/Dashboard.tsx"));
const added = [...dashboard].filter((file) => !login.has(file));

const screens = Object.entries(manifest).filter(([key]) => key.startsWith("src/generated/screens/"));
const notLazy = screens.filter(([, chunk]) => !chunk.isDynamicEntry).map(([key]) => key);
const files = new Set(screens.map(([, chunk]) => chunk.file));
const largest = screens.map(([key, chunk]) => ({ key, size: gz(chunk.file) })).sort((a, b) => b.size - a.size)[0];

console.log(
  `/login before first paint:  ${kb(total(login))} gzipped JS (${[...login].filter((f) => f.endsWith(".js")).length} files)`,
);
console.log(
  `dashboard adds after login: ${kb(total(added))} gzipped JS (${added.filter((f) => f.endsWith(".js")).length} files)`,
);
if (largest) console.log(`largest generated screen:   ${kb(largest.size)} gzipped (${largest.key})`);
console.log(
  `generated screens: ${screens.length}, each its own lazy chunk: ${notLazy.length === 0 && files.size === screens.length ? "yes" : "NO"}`,
);
if (notLazy.length > 0) console.log(`not lazy: ${notLazy.join(", ")}`);
if (notLazy.length > 0 || files.size !== screens.length) process.exitCode = 1;
