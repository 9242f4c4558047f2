// What each open page is called. A list page goes by its menu title; a create, edit or detail page
// says what it is and which record it shows (screen-kit/screen-host), and goes by that everywhere:
// its card, its tab, the breadcrumb's last level, the document title and the unsaved-input dialog.
// Titles are kept as keys and translated when shown, so a language switch renames them too, and
// they are kept with the tabs (tags-store), so a reload keeps them.
import { viewTitleText, type ViewTitle } from "../screen-kit/screen-host";
import { useStore } from "./create-store";
import { tagsStore } from "./tags-store";

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The title a path's page published, if any. */
export const useViewTitle = (path: string): ViewTitle | undefined => useStore(tagsStore, (s) => s.titles[path]);

/** A page's name: what it published, else its menu title. */
export const pageName = (t: Translate, titleKey: string, title: ViewTitle | undefined): string =>
  title ? viewTitleText(t, title) : t(titleKey);

/** The name of the open page at `path`, from its tab; the path itself for a page without one. */
export function pageNameAt(t: Translate, path: string): string {
  const { views, titles } = tagsStore.get();
  const view = views.find((candidate) => candidate.path === path);
  if (view) return pageName(t, view.titleKey, titles[path]);
  const title = titles[path];
  return title ? viewTitleText(t, title) : path;
}

const sameTitle = (a: ViewTitle | undefined, b: ViewTitle): boolean =>
  a !== undefined && a.kind === b.kind && a.titleKey === b.titleKey && a.label === b.label;

/**
 * What the page at `path` shows. It is not taken back when the page's effects end: a kept page that
 * is hidden (React's <Activity>) ends its effects too, and its tab must keep its title. Titles of
 * paths that have no tab any more are dropped when the next one is published.
 */
export function publishViewTitle(path: string, title: ViewTitle): void {
  tagsStore.set((state) => {
    if (sameTitle(state.titles[path], title)) return state;
    const open = new Set(state.views.map((view) => view.path));
    const kept = Object.entries(state.titles).filter(([openPath]) => open.has(openPath));
    return { ...state, titles: { ...Object.fromEntries(kept), [path]: title } };
  });
}
