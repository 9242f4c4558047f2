// A page's ScreenHost (screen-kit/screen-host): what its screens tell it goes into the shell's stores
// under the page's own path (a kept page keeps its location), for its tab, the document title and
// the unsaved-input guard.
import { useMemo } from "react";
import { useLocation } from "react-router-dom";
import type { PageLink, ScreenHost, ViewTitle } from "../screen-kit/screen-host";
import { markDirty } from "../state/dirty-forms";
import { publishViewTitle } from "../state/view-titles";
import { useShellRoutes } from "./shell-routes";

export function usePageScreenHost(): ScreenHost {
  const { pathname } = useLocation();
  const { allPages } = useShellRoutes();
  // Apart from findPage, so that new routes do not make the page's screens tell it all again.
  const tell = useMemo(
    () => ({
      showTitle: (title: ViewTitle) => publishViewTitle(pathname, title),
      markDirty: (dirty: boolean) => markDirty(pathname, dirty),
    }),
    [pathname],
  );
  return useMemo(
    () => ({
      ...tell,
      findPage: (name: string): PageLink | undefined => {
        const page = allPages.find((candidate) => candidate.name === name);
        return page && { path: page.path, roles: page.meta.roles };
      },
    }),
    [tell, allPages],
  );
}
