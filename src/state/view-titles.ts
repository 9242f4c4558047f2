// What a create, edit or detail page shows, for its tab and the page title (issue 15 item 4): list,
// create, edit and detail of one screen used to carry the same menu title ("仓库管理" four times).
// Each such page says what it is, and the record it shows by the resource's label field; the tab and
// the document title read it here, translated when shown, so a language switch renames them too.
import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { createStore, useStore } from "./create-store";
import { tagsStore } from "./tags-store";

export type ViewKind = "create" | "edit" | "show";

export interface ViewTitle {
  readonly kind: ViewKind;
  /** The resource's title key ("resource.warehouses"). */
  readonly titleKey: string;
  /** The record's label field value, once loaded (edit and show). */
  readonly label?: string;
}

export const viewTitles = createStore<Readonly<Record<string, ViewTitle>>>({});

/** The title a path's page published, if any. */
export const useViewTitle = (path: string): ViewTitle | undefined => useStore(viewTitles, (titles) => titles[path]);

/** The words of a view title in the current language: "新增仓库", "编辑仓库 · 成品一仓", "仓库 · 成品一仓". */
export function viewTitleText(t: (key: string, values?: Record<string, unknown>) => string, title: ViewTitle): string {
  const name = t(title.titleKey);
  const head = t(`shell.viewTitle.${title.kind}`, { title: name });
  return title.label ? `${head} · ${title.label}` : head;
}

/**
 * A page publishes what it shows under its own path. It is not taken back when the page's effects
 * end: a kept page that is hidden (React's <Activity>) ends its effects too, and its tab must keep
 * its title. Titles of paths that have no tab any more are dropped when the next one is published.
 */
export function usePublishViewTitle(kind: ViewKind, titleKey: string, label: unknown): void {
  const { pathname } = useLocation();
  const text = label === null || label === undefined || label === "" ? undefined : String(label);
  useEffect(() => {
    const open = new Set(tagsStore.get().views.map((view) => view.path));
    viewTitles.set((titles) => ({
      ...Object.fromEntries(Object.entries(titles).filter(([path]) => open.has(path))),
      [pathname]: { kind, titleKey, ...(text ? { label: text } : {}) },
    }));
  }, [pathname, kind, titleKey, text]);
}
