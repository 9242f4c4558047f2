// spec §4 route guard: no token → /login?redirect=<path with query>; a token but no roles → load them,
// then render; a failure resets the token, shows the error and returns to the login with the redirect.
import { App, Spin } from "antd";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation, useNavigate } from "react-router-dom";
import { loginPath } from "../providers/auth-provider";
import { ApiError } from "../providers/http-client";
import { MESSAGE_DURATION_S, PATHS } from "../settings";
import { PASSWORD_CHANGE_REQUIRED } from "../state/password-change";
import { useStore } from "../state/create-store";
import { EMPTY_INFO_MESSAGE, NO_ROLES_MESSAGE } from "../state/roles";
import { ensureUser, resetSession } from "../state/session";
import { getToken } from "../state/session-cookies";
import { userStore } from "../state/user-store";

const MESSAGE_KEYS: Readonly<Record<string, string>> = {
  [NO_ROLES_MESSAGE]: "shell.session.noRoles",
  [EMPTY_INFO_MESSAGE]: "shell.session.emptyInfo",
};

export function SessionGuard({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const roles = useStore(userStore, (u) => u.roles);
  const token = getToken();
  const here = location.pathname + location.search;

  useEffect(() => {
    if (!token || roles) return;
    let live = true;
    ensureUser().catch((error: unknown) => {
      if (!live) return;
      if (error instanceof ApiError && error.code === PASSWORD_CHANGE_REQUIRED) {
        // issue 13: the session is good, but its own password comes first.
        navigate(`${PATHS.setPassword}?redirect=${encodeURIComponent(here)}`, { replace: true });
        return;
      }
      resetSession();
      const text = error instanceof Error ? error.message : String(error);
      void message.error(MESSAGE_KEYS[text] ? t(MESSAGE_KEYS[text]) : text || "Has Error", MESSAGE_DURATION_S);
      navigate(loginPath(here), { replace: true });
    });
    return () => {
      live = false;
    };
  }, [token, roles, here, message, navigate, t]);

  if (!token) return <Navigate to={loginPath(here)} replace />;
  if (!roles) return <Spin fullscreen tip={t("shell.session.loading")} />;
  return children;
}
