// spec §4 session calls: log in, load roles, log out. The auth provider calls these; state/ keeps only the stores they fill.
import { endsSession, isTransient, RECONNECT_DELAYS_MS } from "./session-decision";
import { setReconnecting } from "../state/connection-store";
import * as calls from "../generated/calls.gen";
import { API } from "../settings";
import { rolesFromInfo } from "../permission/roles";
import { clearSession, getAccountName, getAccountType, getToken, saveSession } from "./session-cookies";
import { clearTags } from "../state/tags-store";
import { EMPTY_USER, userStore } from "../state/user-store";
import { clearSignedInCaches } from "../state/signed-in-caches";

export interface LoginForm {
  readonly account_name: string;
  readonly account_password: string;
  readonly account_type: string;
}

export async function login(form: LoginForm): Promise<void> {
  const account = form.account_name.trim();
  const token = await calls.login({ ...form, account_name: account, permissions: 1 }, undefined, { client: "login" });
  if (!token) throw new Error("验证失败，请重新登录");
  if (getAccountName() !== account) clearTags(); // another account's tabs are not ours
  saveSession(String(token), account, form.account_type);
  userStore.set(EMPTY_USER);
  clearSignedInCaches();
  // The login log has its own base URL (spec §7); a failure there must not block the login.
  void calls
    .loginLog({ accountName: account, loginIp: "" }, undefined, { baseUrl: API.loginLogBaseUrl })
    .catch(() => undefined);
}

/** spec §4: with a token and no roles, fetch the selected menus and derive the roles. */
export async function loadUser(): Promise<readonly string[]> {
  const token = getToken();
  if (!token) throw new Error("验证失败，请重新登录");
  const roles = rolesFromInfo(await calls.selectedMenus({ token }));
  const name = getAccountName() ?? "";
  userStore.set({
    roles,
    name,
    accountType: getAccountType() ?? "",
    avatar: "",
    introduction: "",
  });
  return roles;
}

/**
 * Development only (issue 16 item 1): the roles again after the server took a regenerated contract,
 * so a new menu entry shows. Resolves to the function that sets them, so that the caller shows them
 * in the same task as what goes with them. Nobody is signed out here: a failure, or a session that
 * changed meanwhile, leaves the roles as they were.
 */
export async function loadRolesAgain(): Promise<() => void> {
  const token = getToken();
  const unchanged = () => undefined;
  if (!token || !userStore.get().roles) return unchanged;
  let roles: string[];
  try {
    roles = rolesFromInfo(await calls.selectedMenus({ token }));
  } catch {
    return unchanged;
  }
  return () => {
    if (getToken() === token) userStore.set((user) => ({ ...user, roles }));
  };
}

/** Reset the token and everything derived from it; the tabs stay for a reload of the same account. */
export function resetSession(): void {
  clearSession();
  userStore.set(EMPTY_USER);
}

let loggingOut: Promise<void> | undefined;

/**
 * spec §4 logout: tell the server, clear token, roles and the visited tabs. One logout runs at a
 * time (a second click joins the first), and it clears only the session it ended: a sign-in that
 * lands while the server is still answering keeps its own token.
 */
export function logout(): Promise<void> {
  loggingOut ??= endSession().finally(() => (loggingOut = undefined));
  return loggingOut;
}

async function endSession(): Promise<void> {
  const token = getToken();
  try {
    if (token) await calls.logout();
  } catch {
    // The session is ended on our side regardless.
  }
  if (getToken() !== token) return;
  resetSession();
  clearTags();
  clearSignedInCaches();
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The roles call, retried while the server is away for a moment (issue 16 item 1), shown as "reconnecting". */
async function loadUserThroughOutages(): Promise<readonly string[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      const roles = await loadUser();
      setReconnecting(false);
      return roles;
    } catch (error) {
      if (!isTransient(error) || !getToken()) {
        setReconnecting(false);
        throw error;
      }
      setReconnecting(true);
      await pause(RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]);
    }
  }
}

let pendingUser: Promise<readonly string[]> | null = null;

/**
 * The signed-in roles: loaded once, however many callers ask at the same time (spec §4: a token
 * and no roles → load them). A failure resets the token before it is reported only when
 * endsSession says so (session-decision.ts); a server that is away is waited for instead.
 */
export function ensureUser(): Promise<readonly string[]> {
  const roles = userStore.get().roles;
  if (roles) return Promise.resolve(roles);
  pendingUser ??= loadUserThroughOutages()
    .catch((error: unknown) => {
      if (endsSession(error)) resetSession();
      throw error;
    })
    .finally(() => {
      pendingUser = null;
    });
  return pendingUser;
}
