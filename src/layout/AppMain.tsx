// spec §2: the main area. Pages stay alive per open tab with React's <Activity>, keyed by their path,
// at any nesting depth (the generated routes are flat); noCache pages and refreshed ones remount.
// Each kept page keeps its own location, so its URL-synced state (filters, page) is its own.
import { Activity, useRef, type RefObject } from "react";
import { useLocation, type Location } from "react-router-dom";
import { useStore } from "../state/create-store";
import { tagsStore } from "../state/tags-store";
import { cachedPaths } from "../state/visited-views";
import { matchPage } from "./page-table";
import { KeptPage } from "./KeptPage";
import { RouteFallback } from "./RouteFallback";
import { useShellRoutes } from "./shell-routes";
import { useScrollRestore } from "./use-scroll-restore";

export function AppMain({ scroller }: { readonly scroller: RefObject<HTMLElement | null> }) {
  const location = useLocation();
  const { pages } = useShellRoutes();
  const { views, generations } = useStore(tagsStore);
  const locations = useRef(new Map<string, Location>());
  const current = matchPage(pages, location.pathname);
  const keptPaths = cachedPaths(views);
  useScrollRestore(scroller, current ? location.pathname : undefined, keptPaths);

  // Remember where each page was last; forget pages whose tab closed.
  const kept = new Set(keptPaths);
  if (current) locations.current.set(location.pathname, location);
  for (const path of locations.current.keys()) {
    if (path !== location.pathname && !kept.has(path)) locations.current.delete(path);
  }

  return (
    <section className="app-main">
      {[...locations.current.entries()].map(([path, pageLocation]) => {
        const visible = current !== undefined && path === location.pathname;
        const match = visible ? current : matchPage(pages, path);
        if (!match) return null;
        return (
          <Activity key={`${path}#${generations[path] ?? 0}`} mode={visible ? "visible" : "hidden"}>
            <KeptPage page={match.page} location={visible ? location : pageLocation} />
          </Activity>
        );
      })}
      {!current && <RouteFallback />}
    </section>
  );
}
