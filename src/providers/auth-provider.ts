// refine's AuthProvider: a thin adapter over the session calls of src/api (spec §4). The shell
// signs in and out through refine's hooks (useLogin, useLogout, useIsAuthenticated), which call these.
import type { AuthProvider } from "@refinedev/core";
import { ApiError } from "../api/http-client";
import { ensureUser, login, logout, signedInUser, type LoginForm } from "../api/session";
import { mustSetOwnPassword } from "../api/session-decision";
import { getToken } from "../api/session-cookies";
import { PATHS } from "../settings";

export const loginPath = (redirect: string): string => `${PATHS.login}?redirect=${encodeURIComponent(redirect)}`;

/** The login's query parameter saying the session had ended: the form shows one quiet line. */
export const SESSION_ENDED_PARAM = "session=ended";

/** What useLogin is given: the form, and where to go once signed in. */
export interface LoginParams extends LoginForm {
  readonly redirect?: string;
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));
const currentPath = (): string =>
  typeof window === "undefined" ? "/" : window.location.pathname + window.location.search;

export const authProvider: AuthProvider = {
  login: async ({ redirect, ...form }: LoginParams) => {
    try {
      await login(form);
      return { success: true, redirectTo: redirect || "/" };
    } catch (error) {
      return { success: false, error: asError(error) };
    }
  },
  logout: async () => {
    await logout();
    return { success: true, redirectTo: PATHS.login };
  },
  // spec §4: signed in means a token whose roles have loaded; a token whose roles fail to load is
  // reset (ensureUser) and the failure comes back as the answer's error for the shell to show.
  check: async () => {
    if (getToken()) {
      try {
        await ensureUser();
        return { authenticated: true };
      } catch (error) {
        if (mustSetOwnPassword(error))
          return {
            authenticated: false,
            redirectTo: `${PATHS.setPassword}?redirect=${encodeURIComponent(currentPath())}`,
          };
        // An ended session is not an error to show: the login form says it in one quiet line.
        if (error instanceof ApiError && error.sessionEnded)
          return {
            authenticated: false,
            logout: true,
            redirectTo: `${loginPath(currentPath())}&${SESSION_ENDED_PARAM}`,
          };
        return { authenticated: false, logout: true, redirectTo: loginPath(currentPath()), error: asError(error) };
      }
    }
    return { authenticated: false, logout: true, redirectTo: loginPath(currentPath()) };
  },
  getPermissions: () => Promise.resolve(signedInUser()?.roles ?? []),
  getIdentity: () => {
    if (!getToken()) return Promise.resolve(null);
    const { name = "", avatar = "", accountType = "" } = signedInUser() ?? {};
    return Promise.resolve({ id: name, name, avatar, accountType });
  },
  // An ended session is asked about once by the shell (SessionEndedPrompt, spec §8); a denied
  // permission (40300) is an ordinary error. Nothing here logs anyone out on its own.
  onError: (error: unknown) => {
    if (error instanceof ApiError && error.sessionEnded) return Promise.resolve({});
    return Promise.resolve({ error: error instanceof Error ? error : undefined });
  },
};
