// refine's react-router bindings with one change: the match of an
// address to its resource and action is worked out once per address and resource list, not once
// per hook. Every refine hook parses the route when it renders, and refine's own parse runs
// matchResourceFromRoute (every action route of every resource) in each hook instance: an open list
// re-rendered after a manifest save or a menu click ran it dozens of times (~120 ms of a profile).
// The answer is the same as refine's: the route's params (or the matched route's, when the router has
// none), the query parsed with qs as refine writes it, paging numbers as numbers.
import {
  matchResourceFromRoute,
  QS_PARSE_DEPTH,
  ResourceContext,
  type ParseResponse,
  type RouterProvider,
} from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import qs from "qs";
import { useCallback, useContext, useMemo } from "react";
import { matchPath, useLocation, useParams } from "react-router-dom";

type RouteMatch = ReturnType<typeof matchResourceFromRoute>;

/** Addresses kept per resource list before the oldest are forgotten (detail pages add one per record). */
const KEPT_ADDRESSES = 500;
const matches = new WeakMap<object, Map<string, RouteMatch>>();

/** matchResourceFromRoute, worked out once per resource list and address. */
export function sharedRouteMatch(
  pathname: string,
  resources: Parameters<typeof matchResourceFromRoute>[1],
): RouteMatch {
  let byAddress = matches.get(resources);
  if (!byAddress) matches.set(resources, (byAddress = new Map<string, RouteMatch>()));
  const known = byAddress.get(pathname);
  if (known) return known;
  const match = matchResourceFromRoute(pathname, resources);
  if (byAddress.size >= KEPT_ADDRESSES) byAddress.delete(byAddress.keys().next().value!);
  byAddress.set(pathname, match);
  return match;
}

/** A number when the text is exactly that number ("2" → 2, "02" stays "02"). */
function numberIfExact(value: unknown): unknown {
  return typeof value === "string" && `${Number(value)}` === value ? Number(value) : value;
}

function useSharedParse(): () => ParseResponse {
  const routeParams = useParams();
  const { pathname, search } = useLocation();
  const { resources } = useContext(ResourceContext);
  const { resource, action, matchedRoute } = sharedRouteMatch(pathname, resources);
  const params = useMemo<Record<string, string | undefined>>(
    () =>
      Object.keys(routeParams).length === 0 && matchedRoute
        ? (matchPath(matchedRoute, pathname)?.params ?? {})
        : routeParams,
    [routeParams, matchedRoute, pathname],
  );
  return useCallback(() => {
    const query: Record<string, unknown> = {
      ...params,
      ...qs.parse(search, { ignoreQueryPrefix: true, depth: QS_PARSE_DEPTH }),
    };
    return {
      ...(resource && { resource }),
      ...(action && { action }),
      ...(params.id && { id: decodeURIComponent(params.id) }),
      pathname,
      params: {
        ...query,
        currentPage: numberIfExact(query.currentPage),
        pageSize: numberIfExact(query.pageSize),
        to: typeof query.to === "string" && query.to ? decodeURIComponent(query.to) : undefined,
      },
    } as ParseResponse;
  }, [pathname, search, params, resource, action]);
}

export const consoleRouterProvider: RouterProvider = { ...routerProvider, parse: useSharedParse };
