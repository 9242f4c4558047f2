// refine's AuthProvider over the shell's session flows (spec §4). The shell's own guard
// (layout/SessionGuard) drives navigation; refine hooks read the same state through this.
import type { AuthProvider } from "@refinedev/core";
import { PATHS } from "../settings";
import { getToken } from "../api/session-cookies";
import { login, logout, type LoginForm } from "../api/session";
import { getRoles, userStore } from "../state/user-store";
import { ApiError } from "../api/http-client";

export const loginPath = (redirect: string): string => `${PATHS.login}?redirect=${encodeURIComponent(redirect)}`;

export const authProvider: AuthProvider = {
  login: async (form: LoginForm & { redirect?: string }) => {
    try {
      await login(form);
      return { success: true, redirectTo: form.redirect || "/" };
    } catch (error) {
      return { success: false, error: error instanceof Error ? error : new Error(String(error)) };
    }
  },
  logout: async () => {
    await logout();
    return { success: true, redirectTo: PATHS.login };
  },
  check: async () => {
    if (getToken()) return { authenticated: true };
    const here = typeof window === "undefined" ? "/" : window.location.pathname + window.location.search;
    return { authenticated: false, logout: true, redirectTo: loginPath(here) };
  },
  getPermissions: async () => getRoles(),
  getIdentity: async () => {
    const user = userStore.get();
    return getToken() ? { id: user.name, name: user.name, avatar: user.avatar, accountType: user.accountType } : null;
  },
  // An ended session is asked about once by the shell (SessionEndedPrompt, spec §8); a denied
  // permission (40300) is an ordinary error. Nothing here logs anyone out on its own.
  onError: async (error: unknown) => {
    if (error instanceof ApiError && error.sessionEnded) return {};
    return { error: error instanceof Error ? error : undefined };
  },
};
