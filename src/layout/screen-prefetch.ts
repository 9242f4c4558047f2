// A menu click should not wait for its screen's chunks (fetched, parsed, run). Once the
// signed-in console is idle, the screen kit's list screen (and with it the chunks every list shares:
// antd's table, the toolbar, the row buttons) and the screens whose sidebar entries show (top-level
// ones, and those of every open submenu, as submenus open) are loaded ahead, through the page's own
// loadComponent key (PageHost), so the click renders the screen at once. Nothing here is waited on:
// the console paints first; a connection asking to save data is left alone.
import { callsInFlight } from "../api/http-client";
import { loadComponent } from "../app/use-loaded-component";
import { saveDataAsked, whenBrowserIdle } from "../app/when-idle";
import { matchPage, pageKey, type PageDef } from "./page-table";
import type { SidebarEntry } from "./sidebar-items";

/** The leaves the sidebar shows: top-level ones, and those of each open group whose own group is open. */
export function visibleLeaves(entries: readonly SidebarEntry[], openKeys: ReadonlySet<string>): string[] {
  return entries.flatMap((entry) => {
    if (entry.kind === "leaf") return entry.href ? [] : [entry.key];
    return openKeys.has(entry.key) ? visibleLeaves(entry.children, openKeys) : [];
  });
}

/** The pages of the leaves the sidebar shows (a leaf's key is its path), each once, in sidebar order. */
export function pagesToPrefetch(
  entries: readonly SidebarEntry[],
  openKeys: readonly string[],
  pages: readonly PageDef[],
): PageDef[] {
  const found = visibleLeaves(entries, new Set(openKeys)).flatMap((key) => matchPage(pages, key)?.page ?? []);
  return [...new Set(found)];
}

export interface PrefetchDeps {
  /** Runs `work` when the browser is idle. */
  readonly whenIdle: (work: () => void) => void;
  readonly saveData: () => boolean;
  readonly loadScreenKit: () => Promise<unknown>;
  readonly loadPage: (page: PageDef) => Promise<unknown>;
}

/** A prefetcher that asks for the kit once and for each page once, whatever it is given again. */
export function createScreenPrefetch(deps: PrefetchDeps): (pages: readonly PageDef[]) => void {
  let kitAsked = false;
  const asked = new Set<string>();
  return (pages) => {
    if (deps.saveData()) return;
    const kit = !kitAsked;
    const fresh = pages.filter((page) => !asked.has(page.name));
    if (!kit && fresh.length === 0) return;
    kitAsked = true;
    for (const page of fresh) asked.add(page.name);
    // A failed load is left to the click, which loads again (loadComponent forgets failures).
    deps.whenIdle(() => {
      if (kit) deps.loadScreenKit().catch(() => undefined);
      for (const page of fresh) deps.loadPage(page).catch(() => undefined);
    });
  };
}

/** How often, and how many times at most, the prefetch looks again while the page's calls are out. */
export const SETTLE_RETRY_MS = 150;
export const SETTLE_MAX_RETRIES = 20;

/**
 * Runs `work` once the browser is idle with none of the console's calls out: the page's own data
 * (the dashboard's figures after sign-in) is answered and drawn first, then the prefetch parses
 * its chunks. After SETTLE_MAX_RETRIES looks it runs anyway (a page that polls is never quiet).
 */
export function whenSettled(idle: (work: () => void) => void, busy: () => boolean): (work: () => void) => void {
  return (work) => {
    let retries = 0;
    const attempt = () => {
      if (busy() && retries < SETTLE_MAX_RETRIES) {
        retries += 1;
        setTimeout(() => idle(attempt), SETTLE_RETRY_MS);
      } else work();
    };
    idle(attempt);
  };
}

export const prefetchScreens = createScreenPrefetch({
  whenIdle: whenSettled(
    (work) => whenBrowserIdle(work),
    () => callsInFlight() > 0,
  ),
  saveData: saveDataAsked,
  loadScreenKit: () => import("../screen-kit/screens/ListScreen"),
  loadPage: (page) => loadComponent(pageKey(page), page.load),
});
