// Keeps the tabs in step with navigation: restores this account's tabs once the roles are known,
// then adds a tab for each page opened (spec §2).
import { useEffect, useMemo } from "react";
import { useLocation } from "react-router-dom";
import { restoreTags, setViews } from "../state/tags-store";
import { addView, type VisitedView } from "../state/visited-views";
import { matchPage, type PageDef } from "./page-table";
import { useShellRoutes } from "./shell-routes";

export const toView = (page: PageDef, path: string, fullPath: string): VisitedView => ({
  path,
  fullPath,
  titleKey: page.meta.titleKey,
  affix: page.meta.affix,
  noCache: page.meta.noCache,
});

export function useVisitedViews(account: string): void {
  const { pathname, search, hash } = useLocation();
  const { pages } = useShellRoutes();
  // Pinned pages need no parameter: their path is their URL.
  const pinned = useMemo(
    () =>
      pages
        .filter((page) => page.meta.affix && !page.path.includes(":"))
        .map((page) => toView(page, page.path, page.path)),
    [pages],
  );

  useEffect(() => restoreTags(account, pinned), [account, pinned]);

  useEffect(() => {
    const match = matchPage(pages, pathname);
    if (match) setViews((views) => addView(views, toView(match.page, pathname, `${pathname}${search}${hash}`)));
  }, [pages, pathname, search, hash]);
}
