// Every key in every language (spec §1: zh, en, es, ja): the shell's, the screens', the override
// screens', the consumer scan pages', refine's and the generated messages. Also: every shell and
// consumer scan key the code asks for exists, every key the installed refine packages (core, antd,
// react-router) ask for exists, and every menu title is translated.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { pageRoutes, menuTree } from "../src/generated/routes.gen";
import { buildMessages, loadMessageSources, type MessageSources } from "../src/i18n/messages";
import { flattenKeys } from "../src/i18n/merge-messages";
import { LANGUAGES, type Language } from "../src/settings";
import { placeholdersOf, SERVER_MESSAGES } from "../schema/contract/messages";
import type { MenuRoute } from "../src/screen-kit/routing/route-types";

const messageSources = Object.fromEntries(
  await Promise.all(LANGUAGES.map(async (language) => [language, await loadMessageSources(language)] as const)),
) as Record<Language, MessageSources>;
const messagesOf = (language: Language) => buildMessages(messageSources[language]);

const SOURCES = ["shell", "screens", "overrides", "consumerScan", "refine", "generated"] as const;

function missingPerLanguage(source: (typeof SOURCES)[number]): Record<string, string[]> {
  const keys = Object.fromEntries(
    LANGUAGES.map((language) => [language, new Set(flattenKeys(messageSources[language][source]))]),
  );
  const all = new Set(LANGUAGES.flatMap((language) => [...keys[language]]));
  return Object.fromEntries(
    LANGUAGES.map((language) => [language, [...all].filter((key) => !keys[language].has(key)).sort()]),
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "generated" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The installed packages' ES bundles (dist/index.mjs beside the index.cjs require finds), where refine asks for its keys. */
const REFINE_BUNDLES = ["@refinedev/core", "@refinedev/antd", "@refinedev/react-router"].map((pkg) =>
  join(dirname(createRequire(import.meta.url).resolve(pkg)), "index.mjs"),
);

/**
 * The keys refine asks for, read from its bundles: a string passed first to translate (named
 * translate, translate2…, t, or through safeTranslate(translate, key)), a translationKey (a Message's,
 * or UnsavedChangesNotifier's default) and a `const key = ` template. Templates (`buttons.${type}`) come back as they are written.
 */
function keysAskedByRefine(code: string): { keys: Set<string>; templates: Set<string> } {
  const asked =
    /(?:\b(?:t|translate\d*)\(|\bsafeTranslate\(\s*\w+\s*,|\btranslationKey\s*[:=]|\bconst key =)\s*(?:"([^"\\]+)"|`([^`\\]+)`)/g;
  const keys = new Set<string>();
  const templates = new Set<string>();
  for (const [, quoted, template] of code.matchAll(asked)) {
    if (template?.includes("${")) templates.add(template);
    else keys.add(quoted ?? template);
  }
  return { keys, templates };
}

/** The values a template's placeholder takes, as the bundle passes them. */
const values = (code: string, pattern: RegExp) => [...code.matchAll(pattern)].map((match) => match[1]).sort();

/**
 * Every template refine asks for, and what it stands for. Resource templates are answered by the i18n
 * provider with the screen's title (src/providers/i18n-provider.test.ts checks every generated
 * resource); a new template fails here until someone decides.
 */
function expandTemplates(code: string): Record<string, readonly string[] | "resource" | "unused"> {
  // useSaveButton → useActionableButton({ type: "save" }); useShowButton → useNavigationButton({ ...props, action: "show" })
  const buttonTypes = values(code, /useActionableButton\(\{ type: "(\w+)" \}\)/g);
  const navigationActions = values(code, /useNavigationButton\(\{ \.\.\.props, action: "(\w+)" \}\)/g).filter(
    (action) => action !== "list", // the list button asks for `${identifier}.titles.list`
  );
  return {
    "buttons.${type}": buttonTypes.map((type) => `buttons.${type}`),
    "buttons.${props.action}": navigationActions.map((action) => `buttons.${action}`),
    // useBreadcrumb: the route's action (create, edit, show, clone), buttons.* when actions.* is missing
    "actions.${action}": navigationActions.map((action) => `actions.${action}`),
    "buttons.${action}": navigationActions.map((action) => `buttons.${action}`),
    "${identifier}.${identifier}": "resource",
    "${item.name}.${item.name}": "resource",
    "${parentResource.name}.${parentResource.name}": "resource",
    // @refinedev/react-router's DocumentTitleHandler
    "${resource == null ? void 0 : resource.name}.${resource == null ? void 0 : resource.name}": "resource",
    "${identifier}.titles.list": "resource",
    "${identifier ?? props.resource}.titles.list": "resource",
    "${identifier}.titles.create": "resource",
    "${identifier}.titles.edit": "resource",
    "${identifier}.titles.show": "resource",
    "${identifier}.titles.${rest.action}": "resource",
    // useRefineDocumentTitle / DocumentTitleHandler: the shell sets document.title itself (src/layout/use-page-title.ts)
    "documentTitle.${identifier}.${action}": "unused",
  };
}

describe("i18n completeness", () => {
  it.each(SOURCES)("%s messages have every key in zh, en, es and ja", (source) => {
    const empty = Object.fromEntries(LANGUAGES.map((language) => [language, []]));
    expect(missingPerLanguage(source)).toEqual(empty);
  });

  it("has no empty text", () => {
    for (const language of LANGUAGES) {
      const tree = messagesOf(language);
      const empty = flattenKeys(tree).filter((key) => {
        const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
        return typeof value !== "string" || value.trim() === "";
      });
      expect(empty, language).toEqual([]);
    }
  });

  it("translates every menu and page title", () => {
    const titles: string[] = [];
    const visit = (node: MenuRoute) => {
      titles.push(node.meta.titleKey);
      node.children.forEach(visit);
    };
    visit(menuTree);
    titles.push(...pageRoutes.map((page) => page.meta.titleKey));
    for (const language of LANGUAGES) {
      const keys = new Set(flattenKeys(messagesOf(language)));
      expect(
        titles.filter((key) => !keys.has(key)),
        language,
      ).toEqual([]);
    }
  });

  it("has every shell key the code asks for", () => {
    const keys = new Set(flattenKeys(messagesOf("en")));
    const asked = new Set<string>();
    for (const file of sourceFiles(join(import.meta.dirname, "../src"))) {
      for (const match of readFileSync(file, "utf8").matchAll(/["'`]((?:shell|consumerScan)\.[A-Za-z0-9_.]+)["'`]/g))
        asked.add(match[1]);
    }
    expect(asked.size).toBeGreaterThan(50);
    // A plural key is asked for by its base name (i18next picks _one/_other by count).
    expect([...asked].filter((key) => !keys.has(key) && !keys.has(`${key}_other`))).toEqual([]);
  });

  describe("refine's own keys", () => {
    const code = REFINE_BUNDLES.map((file) => readFileSync(file, "utf8")).join("\n");
    const { keys, templates } = keysAskedByRefine(code);
    const expansions = expandTemplates(code);

    it("finds what refine asks for in its bundles", () => {
      expect(keys.size).toBeGreaterThan(60);
      expect([...keys]).toEqual(
        expect.arrayContaining(["notifications.createSuccess", "buttons.save", "warnWhenUnsavedChanges"]),
      );
    });

    it("knows every template refine asks for", () => {
      expect([...templates].filter((template) => !(template in expansions))).toEqual([]);
      // the placeholders' values were found (refine 5.0.12: save, export, import; show, edit, clone, create)
      expect(expansions["buttons.${type}"]).toEqual(expect.arrayContaining(["buttons.save", "buttons.export"]));
      expect(expansions["actions.${action}"]).toEqual(expect.arrayContaining(["actions.create", "actions.edit"]));
    });

    it.each(LANGUAGES)("has every key refine asks for in %s", (language) => {
      const asked = [
        ...keys,
        ...[...templates].flatMap((template) => {
          const keysOf = expansions[template];
          return Array.isArray(keysOf) ? keysOf : [];
        }),
      ];
      const present = new Set(flattenKeys(messageSources[language].refine));
      expect([...new Set(asked)].filter((key) => !present.has(key)).sort()).toEqual([]);
    });
  });

  // The server's refusals are rendered by the console from one catalog; every language
  // the console offers has every key, with English's placeholders (schema/contract/messages).
  it.each(LANGUAGES)("has every server message in %s", (language) => {
    const texts = SERVER_MESSAGES[language];
    const missing = Object.keys(SERVER_MESSAGES.en).filter((key) => !texts[key]?.trim());
    expect(missing).toEqual([]);
    const unlike = Object.keys(SERVER_MESSAGES.en).filter(
      (key) => placeholdersOf(texts[key]).join() !== placeholdersOf(SERVER_MESSAGES.en[key]).join(),
    );
    expect(unlike).toEqual([]);
  });
});
