// A path no permitted page matches: / → dashboard, /profile → /profile/index, /redirect/… refreshes,
// a group → its redirect, a known page the user may not open → /401, anything else → /404 (spec §2).
import { matchPath, Navigate, useLocation } from "react-router-dom";
import { RedirectPage } from "../pages/RedirectPage";
import { PATHS } from "../settings";
import { matchPage } from "./page-table";
import { useShellRoutes } from "./shell-routes";

export function RouteFallback() {
  const { pathname } = useLocation();
  const { allPages, index } = useShellRoutes();
  if (pathname === "/" || pathname === "") return <Navigate to={PATHS.dashboard} replace />;
  if (pathname === PATHS.profile) return <Navigate to={PATHS.profileIndex} replace />;
  if (matchPath(`${PATHS.redirect}/*`, pathname)) return <RedirectPage />;
  const group = index.byPath.get(pathname);
  if (group?.redirect) return <Navigate to={group.redirect} replace />;
  if (matchPage(allPages, pathname)) return <Navigate to={PATHS.unauthorized} replace />;
  return <Navigate to={PATHS.notFound} replace />;
}
