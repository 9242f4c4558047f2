// spec §2 tags view: the list of visited pages and what each tab action leaves behind. Pure.

export interface VisitedView {
  /** Pathname: one tab and one kept-alive page per path. */
  readonly path: string;
  /** Path with its query, where the tab goes back to. */
  readonly fullPath: string;
  readonly titleKey: string;
  readonly affix: boolean;
  readonly noCache: boolean;
}

export function addView(views: readonly VisitedView[], view: VisitedView): VisitedView[] {
  const index = views.findIndex((v) => v.path === view.path);
  if (index < 0) return [...views, view];
  if (views[index].fullPath === view.fullPath) return views as VisitedView[];
  return views.map((v, i) => (i === index ? { ...v, fullPath: view.fullPath } : v));
}

export const closeView = (views: readonly VisitedView[], path: string): VisitedView[] =>
  views.filter((v) => v.path !== path);

/** Pinned tabs and the chosen one stay. */
export const closeOthers = (views: readonly VisitedView[], path: string): VisitedView[] =>
  views.filter((v) => v.affix || v.path === path);

/** Only pinned tabs stay. */
export const closeAll = (views: readonly VisitedView[]): VisitedView[] => views.filter((v) => v.affix);

/**
 * Where to go after tabs were closed, or undefined to stay: the current page keeps its tab,
 * else the last remaining tab, else home. Used after close all too, so a pinned tab's
 * "close all" never leaves the user on a page without a tab (the original did).
 */
export function landingAfterClose(
  remaining: readonly VisitedView[],
  currentPath: string,
  home: string,
): string | undefined {
  if (remaining.some((v) => v.path === currentPath)) return undefined;
  const last = remaining[remaining.length - 1];
  return last ? last.fullPath : home;
}

/** Paths whose pages are kept alive: open tabs of cached pages. */
export const cachedPaths = (views: readonly VisitedView[]): string[] =>
  views.filter((v) => !v.noCache).map((v) => v.path);
