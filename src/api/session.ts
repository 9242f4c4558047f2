// spec §4 session calls: log in, load roles, log out. The auth provider calls these; they keep the
// signed-in user and tell every change as a session event (session-events.ts), which the shell's
// stores follow.
import { endsSession, isTransient, RECONNECT_DELAYS_MS } from "./session-decision";
import * as calls from "./generated/calls.gen";
import { API, ENTERPRISE_CODE } from "../settings";
import { setBusinessZone } from "../utils/business-time";
import { rolesFromInfo } from "./session-roles";
import { clearSession, getAccountName, getAccountType, getToken, saveSession } from "./session-cookies";
import { publishSessionEvent, type SessionUser } from "./session-events";

/** The user of the session, once its roles have loaded; null before and after. */
let signedIn: SessionUser | null = null;

export const signedInUser = (): SessionUser | null => signedIn;

export interface LoginForm {
  readonly account_name: string;
  readonly account_password: string;
  readonly account_type: string;
}

export async function login(form: LoginForm): Promise<void> {
  const account = form.account_name.trim();
  const token = await calls.login({ ...form, account_name: account, permissions: 1 }, undefined, { client: "login" });
  if (!token) throw new Error("验证失败，请重新登录");
  const otherAccount = getAccountName() !== account; // another account's tabs are not ours
  saveSession(String(token), account, form.account_type);
  signedIn = null;
  publishSessionEvent({ type: "session-started", otherAccount });
  // The login log has its own base URL (spec §7); a failure there must not block the login.
  void calls
    .loginLog({ accountName: account, loginIp: "" }, undefined, { baseUrl: API.loginLogBaseUrl })
    .catch(() => undefined);
}

/**
 * The enterprise's business time zone, which every screen shows times and counts days in. Asked
 * beside the roles, so the console's first render has it; without an answer the default stays.
 */
async function learnBusinessZone(): Promise<void> {
  try {
    const enterprise = await calls.enterpriseIcp({ enterprise_code: ENTERPRISE_CODE });
    if (typeof enterprise?.time_zone === "string") setBusinessZone(enterprise.time_zone);
  } catch {
    // the default zone stays; the roles decide whether the sign-in holds
  }
}

/** spec §4: with a token and no roles, fetch the selected menus and derive the roles. */
export async function loadUser(): Promise<readonly string[]> {
  const token = getToken();
  if (!token) throw new Error("验证失败，请重新登录");
  const [info] = await Promise.all([calls.selectedMenus({ token }), learnBusinessZone()]);
  const roles = rolesFromInfo(info);
  const name = getAccountName() ?? "";
  signedIn = {
    roles,
    name,
    accountType: getAccountType() ?? "",
    avatar: "",
    introduction: "",
  };
  publishSessionEvent({ type: "signed-in", user: signedIn });
  return roles;
}

/**
 * Development only: the roles again after the server took a regenerated contract,
 * so a new menu entry shows. Resolves to the function that sets them, so that the caller shows them
 * in the same task as what goes with them. Nobody is signed out here: a failure, or a session that
 * changed meanwhile, leaves the roles as they were.
 */
export async function loadRolesAgain(): Promise<() => void> {
  const token = getToken();
  const unchanged = () => undefined;
  if (!token || !signedIn) return unchanged;
  let roles: string[];
  try {
    roles = rolesFromInfo(await calls.selectedMenus({ token }));
  } catch {
    return unchanged;
  }
  return () => {
    if (!signedIn || getToken() !== token) return;
    signedIn = { ...signedIn, roles };
    publishSessionEvent({ type: "roles-reloaded", roles });
  };
}

/** Reset the token and everything derived from it; the tabs stay for a reload of the same account. */
export function resetSession(): void {
  endSessionHere(false);
}

function endSessionHere(loggedOut: boolean): void {
  clearSession();
  signedIn = null;
  publishSessionEvent({ type: "session-ended", loggedOut });
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
  endSessionHere(true);
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

let reconnecting = false;

/** Tells the listeners only when the state changes, not on every retry. */
function setReconnecting(next: boolean): void {
  if (reconnecting === next) return;
  reconnecting = next;
  publishSessionEvent({ type: "reconnecting", reconnecting: next });
}

/** The roles call, retried while the server is away for a moment, shown as "reconnecting". */
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
  if (signedIn) return Promise.resolve(signedIn.roles);
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
