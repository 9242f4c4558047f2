// spec §6: the one permission check. The route filter, the sidebar, refine's access control
// and useCan() (with <Permission>, its element guard) all call it, so every guard agrees.

export const ADMIN_ROLE = "admin";

/**
 * True when the user holds one of `required`. `required` must be a non-empty array,
 * otherwise it logs 'need roles!' and denies (spec §5). Admin passes every check (spec §6).
 */
export function checkPermission(userRoles: readonly string[], required: readonly string[] | undefined): boolean {
  if (!Array.isArray(required) || required.length === 0) {
    console.error("need roles!");
    return false;
  }
  if (userRoles.includes(ADMIN_ROLE)) return true;
  return required.some((role: string) => userRoles.includes(role));
}

/** spec §6: a route without roles is open to every signed-in user; otherwise checkPermission decides. */
export function canOpen(userRoles: readonly string[], routeRoles: readonly string[] | undefined): boolean {
  if (!routeRoles || routeRoles.length === 0) return true;
  return checkPermission(userRoles, routeRoles);
}
