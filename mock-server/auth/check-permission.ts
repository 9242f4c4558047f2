// The server's one permission check (spec §6). Pure; every guarded call goes through it.

export interface Grants {
  readonly accountId: number;
  /** spec §6: the admin role passes every check. */
  readonly admin: boolean;
  /** Selected menu keys (enabled ones only). */
  readonly menus: ReadonlySet<string>;
  /** Selected button codes (of enabled menus only). */
  readonly buttons: ReadonlySet<string>;
}

/**
 * `required` lists menu keys or button codes, any one of which is enough. An empty list admits
 * only admin (spec §5: a check needs a non-empty array of roles). Open menus need no grant.
 */
export function checkPermission(grants: Grants, required: readonly string[], open: ReadonlySet<string>): boolean {
  if (grants.admin) return true;
  return required.some((role) => open.has(role) || grants.menus.has(role) || grants.buttons.has(role));
}
