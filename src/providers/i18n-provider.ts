// refine's I18nProvider over react-i18next; built inside the App so it changes with the language
// and refine's tree re-renders.
import type { I18nProvider, ResourceProps } from "@refinedev/core";
import type { TFunction, i18n as I18n } from "i18next";
import type { Language } from "../settings";

/** The key of each resource's title: its records' (meta.titleKey) or, for a menu without data, its menu title. */
function titleKeys(resources: readonly ResourceProps[]): ReadonlyMap<string, string> {
  const keys = new Map<string, string>();
  for (const { name, identifier, meta } of resources) {
    const key: unknown = meta?.titleKey ?? meta?.labelKey;
    if (typeof key === "string") keys.set(identifier ?? name, key);
  }
  return keys;
}

/**
 * refine asks for a resource's name as `<resource>.<resource>` (notifications: "Successfully created
 * store") and for its page titles as `<resource>.titles.<action>`; both are answered with the screen's
 * title, so a message names "仓库", not the route. `title` is a key for the {{title}} of a view title.
 */
function resourceMessage(
  key: string,
  titles: ReadonlyMap<string, string>,
): { key: string; title?: string } | undefined {
  const [resource, ...rest] = key.split(".");
  const titleKey = titles.get(resource);
  if (titleKey === undefined) return undefined;
  const asked = rest.join(".");
  if (asked === resource || asked === "titles.list") return { key: titleKey };
  const view = /^titles\.(create|edit|show)$/.exec(asked)?.[1];
  return view ? { key: `screens.viewTitle.${view}`, title: titleKey } : undefined;
}

export function createI18nProvider(
  t: TFunction,
  i18n: I18n,
  changeLanguage: (language: Language) => Promise<void>,
  resources: readonly ResourceProps[] = [],
): I18nProvider {
  const titles = titleKeys(resources);
  return {
    translate: (key, options?: unknown, defaultMessage?: string) => {
      // refine also calls translate(key, defaultMessage): translate("notifications.success", "Success")
      const fallback = typeof options === "string" && defaultMessage === undefined ? options : defaultMessage;
      const params = typeof options === "object" && options !== null ? (options as Record<string, unknown>) : {};
      const asked = resourceMessage(key, titles);
      if (asked) {
        const title = asked.title === undefined ? {} : { title: t(asked.title) };
        return String(t(asked.key, { ...title, defaultValue: fallback ?? key }));
      }
      return String(t(key, { defaultValue: fallback ?? key, ...params }));
    },
    changeLocale: (locale) => changeLanguage(locale as Language),
    getLocale: () => i18n.language,
  };
}
