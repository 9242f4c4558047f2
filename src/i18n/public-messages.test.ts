// The public pages (login, set-password, error pages) paint with the public part of a
// language's messages only, the consumer scan pages with their part too. Every key their code may
// ask for must be in those parts, in every language: the code is every module the entry reaches
// through its imports, static or dynamic, but the signed-in console's (app/ConsoleRoot, loaded with
// the console part) and the consumer scan pages' (loaded with theirs), which are walked on their own.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../settings";
import { flattenKeys } from "./merge-messages";
import { loadMessagePart, loadMessages } from "./messages";

const SRC = resolve(import.meta.dirname, "..");
/** Where a walk stops: the console, and the messages and generated code (data, asking for no key). */
const NOT_PUBLIC = ["app/ConsoleRoot.tsx", "locales/", "generated/"];
const SCAN_PAGES = "pages/consumer-scan/";

/** Templates whose keys no public page can reach, and why. */
const UNREACHABLE_TEMPLATES: Readonly<Record<string, string>> = {
  // i18n/server-message-labels: a refusal names a resource only for a call given one (a resource
  // client's); the public calls (login, set-password, the scan, the ICP record) are given none.
  "resource.": "no public call names a resource",
};

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, base].find((path) => /\.tsx?$/.test(path) && existsSync(path));
}

/** The source files `starts` run, relative to src/, short of those under `stops`. */
function modulesFrom(starts: readonly string[], stops: readonly string[]): string[] {
  const seen = new Set<string>();
  const walk = (file: string) => {
    const name = relative(SRC, file);
    if (seen.has(name) || name.startsWith("..") || stops.some((prefix) => name.startsWith(prefix))) return;
    seen.add(name);
    const code = readFileSync(file, "utf8");
    for (const [, specifier] of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g)) {
      const target = resolveImport(file, specifier);
      if (target) walk(target);
    }
  };
  for (const start of starts) walk(join(SRC, start));
  return [...seen].sort();
}

/** String literals that look like keys, and the heads of templates (`enum.account_type.${value}` → enum.account_type.). */
function askedIn(code: string): { literals: string[]; templateHeads: string[] } {
  const literals = [...code.matchAll(/["'`]([A-Za-z][\w-]*(?:\.[\w-]+)+)["'`]/g)].map((match) => match[1]);
  const templateHeads = [...code.matchAll(/`([A-Za-z][\w-]*(?:\.[\w-]+)*\.)\$\{/g)].map((match) => match[1]);
  return { literals, templateHeads };
}

/** Without comments, whose examples ("resource.warehouses") no page asks for. */
const code = (name: string) =>
  readFileSync(join(SRC, name), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:])\/\/.*$/gm, "$1");
const askedBy = (modules: readonly string[]) => modules.map((name) => ({ name, ...askedIn(code(name)) }));

const publicModules = modulesFrom(["main.tsx"], [...NOT_PUBLIC, SCAN_PAGES]);
const scanModules = modulesFrom(
  ["ConsumerScanEntry.tsx", "ConsumerScanResult.tsx", "DigitalLinkScan.tsx"].map((page) => SCAN_PAGES + page),
  NOT_PUBLIC,
);

/** The keys of `all` that the modules may ask for and `shown` lacks, each with the module asking. */
function missing(modules: readonly string[], all: readonly string[], shown: ReadonlySet<string>): string[] {
  const under = (prefix: string) => all.filter((key) => key === prefix || key.startsWith(`${prefix}.`));
  const lacking: string[] = [];
  for (const { name, literals, templateHeads } of askedBy(modules)) {
    // A literal is a key, or a subtree read whole (account-types.ts: enum.account_type).
    for (const literal of literals)
      for (const key of under(literal)) if (!shown.has(key)) lacking.push(`${name}: ${key}`);
    for (const head of templateHeads) {
      if (head in UNREACHABLE_TEMPLATES) continue;
      for (const key of all.filter((key) => key.startsWith(head)))
        if (!shown.has(key)) lacking.push(`${name}: ${key} (${head}…)`);
    }
  }
  return [...new Set(lacking)];
}

describe("the parts the public pages load", () => {
  it("are asked for by the pages the walks find", () => {
    for (const page of [
      "pages/login/Login.tsx",
      "pages/login/SetOwnPassword.tsx",
      "pages/error/NotFound.tsx",
      "layout/LangMenu.tsx",
    ])
      expect(publicModules).toContain(page);
    expect(scanModules).toEqual(
      expect.arrayContaining(["pages/consumer-scan/ProductCard.tsx", "layout/LangSelect.tsx"]),
    );
    for (const modules of [publicModules, scanModules]) expect(modules).not.toContain("layout/Layout.tsx");
  });

  it.each(LANGUAGES)("%s: hold every key the public pages and the consumer scan pages ask for", async (language) => {
    const all = flattenKeys(await loadMessages(language));
    const publicKeys = flattenKeys(await loadMessagePart(language, "public"));
    const scanKeys = flattenKeys(await loadMessagePart(language, "consumerScan"));
    expect(missing(publicModules, all, new Set(publicKeys))).toEqual([]);
    expect(missing(scanModules, all, new Set([...publicKeys, ...scanKeys]))).toEqual([]);
  });

  it("find the keys outside the shell's that the login asks for", async () => {
    const shown = new Set(flattenKeys(await loadMessagePart("zh", "public")));
    for (const key of ["screens.rules.inputRule", "enum.account_type.enterprise", "field.id"])
      expect(shown).toContain(key);
    const literals = askedBy(publicModules).flatMap((module) => module.literals);
    expect(literals).toEqual(expect.arrayContaining(["screens.rules.inputRule", "enum.account_type"]));
  });
});
