// One page of the main area under its own location. Memoised: a hidden page whose location has not
// changed does not re-render when another page is navigated.
import { memo, useContext, useMemo } from "react";
import {
  Route,
  Routes,
  UNSAFE_NavigationContext as NavigationContext,
  type Location,
  type Navigator,
} from "react-router-dom";
import type { PageDef } from "./page-table";
import { PageHost } from "./PageHost";

interface Props {
  readonly page: PageDef;
  readonly location: Location;
}

/**
 * A kept page may only rewrite the address bar while it is the page there. refine's list screens
 * write their paging into the URL with a replace each time they show; a page being left (its tab
 * closed, another tab chosen) must not pull the user back.
 */
function useGuardedNavigator(pathname: string) {
  const context = useContext(NavigationContext);
  return useMemo(() => {
    const navigator = Object.create(context.navigator) as Navigator;
    navigator.replace = (...args: Parameters<Navigator["replace"]>) => {
      if (window.location.pathname === pathname) context.navigator.replace(...args);
    };
    return { ...context, navigator };
  }, [context, pathname]);
}

export const KeptPage = memo(function KeptPage({ page, location }: Props) {
  const navigation = useGuardedNavigator(location.pathname);
  return (
    <div className="app-page" data-page={location.pathname}>
      <NavigationContext.Provider value={navigation}>
        <Routes location={location}>
          <Route path={page.path} element={<PageHost page={page} />} />
        </Routes>
      </NavigationContext.Provider>
    </div>
  );
});
