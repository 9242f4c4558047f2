// bench/bundle: builds the console and prints, gzipped, the JavaScript each public page (/login,
// the consumer scan page /m/q/:code) loads before its first paint, the whole console after sign-in
// (the dashboard, with what /login loaded), and the largest generated-screen chunk, each against its
// budget. It also checks that every generated screen is its own lazily loaded chunk.
// "Before first paint" is the entry, the page and the language the console awaits before it renders
// (the public part of its messages and antd's locale; the consumer scan pages also their part of the
// messages; the signed-in console the console part, dayjs and its locale): the largest of the four
// languages, so no language is over.
// Run: npm run bench:bundle
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Manifest } from "vite";
import { LANGUAGES, type Language } from "../src/settings";

const root = resolve(import.meta.dirname, "..");
const outDir = join(root, "bench/.work/dist");

const KB = 1024;
// Absolute: sizes do not follow the host's speed.
const BUDGETS = { publicPage: 200 * KB, console: 450 * KB, screen: 15 * KB };

/** What src/i18n loads for a language before the first render (i18n.ts: the public messages, antd-locale). */
const LANGUAGE_MODULES: Readonly<Record<Language, readonly string[]>> = {
  zh: ["src/locales/zh/public-messages.ts", "node_modules/antd/es/locale/zh_CN.js"],
  en: ["src/locales/en/public-messages.ts"], // antd's en_US is part of antd itself
  es: ["src/locales/es/public-messages.ts", "node_modules/antd/es/locale/es_ES.js"],
  ja: ["src/locales/ja/public-messages.ts", "node_modules/antd/es/locale/ja_JP.js"],
};
/** What the consumer scan pages load for a language before they render (App.tsx: their messages). */
const SCAN_LANGUAGE_MODULES: Readonly<Record<Language, readonly string[]>> = {
  zh: ["src/locales/zh/consumer-scan.ts"],
  en: ["src/locales/en/consumer-scan.ts"],
  es: ["src/locales/es/consumer-scan.ts"],
  ja: ["src/locales/ja/consumer-scan.ts"],
};
/** What the signed-in console loads for a language before it renders (ConsoleRootEntry: the console messages, dayjs and its locale). */
const CONSOLE_LANGUAGE_MODULES: Readonly<Record<Language, readonly string[]>> = {
  zh: ["src/locales/zh/console-messages.ts", "node_modules/dayjs/locale/zh-cn.js"], // each locale imports dayjs
  en: ["src/locales/en/console-messages.ts"], // dayjs's en is part of dayjs, which the console imports itself
  es: ["src/locales/es/console-messages.ts", "node_modules/dayjs/locale/es.js"],
  ja: ["src/locales/ja/console-messages.ts", "node_modules/dayjs/locale/ja.js"],
};

await build({
  root,
  configFile: join(root, "vite.config.ts"),
  configLoader: "runner", // vite.config.ts imports without file extensions: load it through Vite's resolver
  logLevel: "warn",
  build: { outDir, emptyOutDir: true, manifest: true },
});

const manifest = JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
const gz = (file: string) => gzipSync(readFileSync(join(outDir, file))).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** A chunk and everything it imports statically (what the browser fetches before running it). */
function closure(key: string, seen = new Set<string>()): Set<string> {
  // node_modules may be a link: its modules are keyed by the real path (../main/node_modules/…).
  const chunk = manifest[key] ?? Object.entries(manifest).find(([name]) => name.endsWith(`/${key}`))?.[1];
  // A module the bench names must be a chunk: a renamed page must not make a figure silently smaller.
  if (!chunk) throw new Error(`bench/bundle: ${key} is not a chunk of the build; update bench/bundle.ts`);
  if (seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}
const union = (...sets: Set<string>[]) => new Set(sets.flatMap((set) => [...set]));
const js = (files: Iterable<string>) => [...files].filter((f) => f.endsWith(".js"));
const total = (files: Iterable<string>) => js(files).reduce((sum, f) => sum + gz(f), 0);

const languageFiles = (modules: Readonly<Record<Language, readonly string[]>>, language: Language) =>
  union(...modules[language].map((key) => closure(key)));
const entry = closure("index.html");
/** A page with the language that makes it largest (with the page's own share of it, `pageLanguage`). */
function firstPaint(
  keys: string[],
  pageLanguage?: Readonly<Record<Language, readonly string[]>>,
): { files: Set<string>; language: Language } {
  const page = union(entry, ...keys.map((key) => closure(key)));
  return LANGUAGES.map((language) => ({
    language,
    files: union(
      page,
      languageFiles(LANGUAGE_MODULES, language),
      pageLanguage ? languageFiles(pageLanguage, language) : new Set(),
    ),
  })).sort((a, b) => total(b.files) - total(a.files))[0];
}

const login = firstPaint(["src/pages/login/Login.tsx"]);
const scan = firstPaint(["src/pages/consumer-scan/ConsumerScanResult.tsx"], SCAN_LANGUAGE_MODULES);
const signedIn = firstPaint(
  ["src/pages/login/Login.tsx", "src/app/ConsoleRoot.tsx", "src/pages/dashboard/Dashboard.tsx"],
  CONSOLE_LANGUAGE_MODULES,
);
const added = js(signedIn.files).filter((file) => !login.files.has(file));

const screens = Object.entries(manifest).filter(([key]) => key.startsWith("src/generated/screens/"));
const notLazy = screens.filter(([, chunk]) => !chunk.isDynamicEntry).map(([key]) => key);
const files = new Set(screens.map(([, chunk]) => chunk.file));
const largest = screens.map(([key, chunk]) => ({ key, size: gz(chunk.file) })).sort((a, b) => b.size - a.size)[0];

const verdict = (size: number, budget: number) => `budget ${kb(budget)}: ${size <= budget ? "PASS" : "MISS"}`;
const line = (what: string, files: Set<string>, language: Language, budget: number) =>
  `${what.padEnd(34)} ${kb(total(files)).padStart(9)} gzipped JS (${js(files).length} files, ${language})  ${verdict(total(files), budget)}`;

console.log(line("/login before first paint:", login.files, login.language, BUDGETS.publicPage));
console.log(line("/m/q/:code before first paint:", scan.files, scan.language, BUDGETS.publicPage));
console.log(line("console after sign-in (dashboard):", signedIn.files, signedIn.language, BUDGETS.console));
console.log(
  `${"  of which after /login:".padEnd(34)} ${kb(total(added)).padStart(9)} gzipped JS (${added.length} files)`,
);
if (largest)
  console.log(
    `${"largest generated screen:".padEnd(34)} ${kb(largest.size).padStart(9)} gzipped (${largest.key})  ${verdict(largest.size, BUDGETS.screen)}`,
  );
console.log(
  `generated screens: ${screens.length}, each its own lazy chunk: ${notLazy.length === 0 && files.size === screens.length ? "yes" : "NO"}`,
);
if (notLazy.length > 0) console.log(`not lazy: ${notLazy.join(", ")}`);
const over =
  total(login.files) > BUDGETS.publicPage ||
  total(scan.files) > BUDGETS.publicPage ||
  total(signedIn.files) > BUDGETS.console ||
  (largest?.size ?? 0) > BUDGETS.screen;
if (notLazy.length > 0 || files.size !== screens.length || over) process.exitCode = 1;
