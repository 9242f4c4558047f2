// What each open page shows, for its tab and the page title: list, create, edit and detail of one
// screen would otherwise carry the same menu title four times. A create, edit or detail page says
// what it is, and the record it shows by the resource's label field (screen-kit/screen-host); the tab
// and the document title read it here, translated when shown, so a language switch renames them too.
import type { ViewTitle } from "../screen-kit/screen-host";
import { createStore, useStore } from "./create-store";
import { tagsStore } from "./tags-store";

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
 * What the page at `path` shows. It is not taken back when the page's effects end: a kept page that
 * is hidden (React's <Activity>) ends its effects too, and its tab must keep its title. Titles of
 * paths that have no tab any more are dropped when the next one is published.
 */
export function publishViewTitle(path: string, title: ViewTitle): void {
  const open = new Set(tagsStore.get().views.map((view) => view.path));
  viewTitles.set((titles) => ({
    ...Object.fromEntries(Object.entries(titles).filter(([openPath]) => open.has(openPath))),
    [path]: title,
  }));
}
