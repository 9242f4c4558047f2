// spec §4 route guard, through refine's auth hooks (useSessionCheck → authProvider.check): no token →
// /login?redirect=<path with query>; a token but no roles → load them, then render; a failure resets
// the token, shows the error and returns to the login with the redirect.
import { Spin } from "antd";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation } from "react-router-dom";
import { loginPath } from "../providers/auth-provider";
import { useStore } from "../state/create-store";
import { userStore } from "../state/user-store";
import { markShellShown } from "../state/shell-shown";
import { connectionStore } from "../state/connection-store";
import { useSessionCheck } from "./use-session-check";

export function SessionGuard({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const session = useSessionCheck();
  const roles = useStore(userStore, (u) => u.roles);
  const reconnecting = useStore(connectionStore, (c) => c.reconnecting);
  // A session that ends while the layout is shown is ended by whoever ended it: the logout goes to
  // the login itself and the ended-session prompt reloads. Redirecting here too would race them.
  const [shown, setShown] = useState(false);
  if (!shown && session?.authenticated && roles) {
    setShown(true);
    markShellShown();
  }

  if (session && !session.authenticated && !shown) {
    // A good session whose account must set its own password first goes there instead.
    return <Navigate to={session.redirectTo ?? loginPath(location.pathname + location.search)} replace />;
  }
  if (!session || !roles)
    return <Spin fullscreen tip={t(reconnecting ? "shell.session.reconnecting" : "shell.session.loading")} />;
  return children;
}
