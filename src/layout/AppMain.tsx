// spec §2: the main area. Pages stay alive per open tab with React's <Activity>, keyed by their path,
// at any nesting depth (the generated routes are flat); noCache pages and refreshed ones remount.
// Each kept page keeps its own location, so its URL-synced state (filters, page) is its own.
import { Activity, useState, type RefObject } from "react";
import { useLocation, type Location } from "react-router-dom";
import { useStore } from "../state/create-store";
import { tagsStore } from "../state/tags-store";
import { cachedPaths } from "../state/visited-views";
import { matchPage } from "./page-table";
import { KeptPage } from "./KeptPage";
import { RouteFallback } from "./RouteFallback";
import { useShellRoutes } from "./shell-routes";
import { useScrollRestore } from "./use-scroll-restore";

/**
 * Where each page was last: the shown page's location updated, pages whose tab closed forgotten.
 * The same map when nothing changed, so adjusting state with it while rendering settles at once.
 */
function lastLocations(
  known: ReadonlyMap<string, Location>,
  location: Location,
  isPage: boolean,
  kept: ReadonlySet<string>,
): ReadonlyMap<string, Location> {
  const closed = [...known.keys()].filter((path) => path !== location.pathname && !kept.has(path));
  const moved = isPage && known.get(location.pathname) !== location;
  if (closed.length === 0 && !moved) return known;
  const next = new Map(known);
  if (moved) next.set(location.pathname, location);
  for (const path of closed) next.delete(path);
  return next;
}

export function AppMain({ scroller }: { readonly scroller: RefObject<HTMLElement | null> }) {
  const location = useLocation();
  const { pages } = useShellRoutes();
  // Not the whole state: a page telling its title must not re-render every kept page.
  const views = useStore(tagsStore, (s) => s.views);
  const generations = useStore(tagsStore, (s) => s.generations);
  const current = matchPage(pages, location.pathname);
  const keptPaths = cachedPaths(views);
  useScrollRestore(scroller, current ? location.pathname : undefined, keptPaths);

  const [remembered, setRemembered] = useState<ReadonlyMap<string, Location>>(() => new Map());
  const locations = lastLocations(remembered, location, current !== undefined, new Set(keptPaths));
  if (locations !== remembered) setRemembered(locations);

  return (
    <section className="app-main">
      {[...locations.entries()].map(([path, pageLocation]) => {
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
