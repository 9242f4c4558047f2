// spec §4: the token, the account name and the account type live in cookies.
import Cookies from "js-cookie";

const TOKEN = "Admin-Token";
const NAME = "Admin-Name";
const ACCOUNT_TYPE = "Admin-Account-Type";
/**
 * spec §5 keeps the token readable by the console; it is never sent on a cross-site
 * request, and only over TLS when the console is served over HTTPS.
 */
const attributes = (): Cookies.CookieAttributes => ({
  sameSite: "strict",
  secure: typeof location !== "undefined" && location.protocol === "https:",
});

export const getToken = (): string | undefined => Cookies.get(TOKEN);
export const setToken = (token: string): void => void Cookies.set(TOKEN, token, attributes());
export const getAccountName = (): string | undefined => Cookies.get(NAME);
export const getAccountType = (): string | undefined => Cookies.get(ACCOUNT_TYPE);

export function saveSession(token: string, name: string, accountType: string): void {
  Cookies.set(TOKEN, token, attributes());
  Cookies.set(NAME, name, attributes());
  Cookies.set(ACCOUNT_TYPE, accountType, attributes());
}

export function clearSession(): void {
  Cookies.remove(TOKEN);
  Cookies.remove(NAME);
  Cookies.remove(ACCOUNT_TYPE);
}

/** The token alone is reset (spec §4 "reset the token"); name and account type go with it. */
export const resetToken = clearSession;
