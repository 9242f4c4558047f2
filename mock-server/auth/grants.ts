// What an account may do, derived as spec §4 says: account → position → roles → the menus and
// buttons granted to those roles. Cached per account until a permission table is written.
import { quoteIdent } from "../db/sql-names";
import type { Store } from "../db/store";
import { sessionInvalid } from "../refusals";
import type { Records } from "../resources/records";
import type { MenuStore } from "../org/menu-store";
import { isAdminRole, isDisabled, type OrgResources } from "../org/org-resources";
import type { Grants } from "./check-permission";
import { message } from "../../schema/contract/messages";

export class GrantService {
  private readonly cache = new Map<number, { stamp: number; grants: Grants }>();

  constructor(
    private readonly store: Store,
    private readonly records: Records,
    private readonly org: OrgResources,
    private readonly menus: MenuStore,
  ) {}

  /**
   * Moves whenever a table the grants come from is written: write versions only ever go up, so
   * their sum does too. A number, built with no array or string, since every call asks.
   */
  private stamp(): number {
    let sum = this.org.menuButtons ? this.store.version(this.org.menuButtons.table) : 0;
    for (const table of this.org.permissionTables) sum += this.store.version(table);
    return sum;
  }

  /** Role ids of the account's position; disabled roles do not count. */
  async roleIdsOf(accountId: number): Promise<{ ids: number[]; admin: boolean }> {
    const { accounts, positionRoles, roles, accountPosition, linkPosition, linkRole } = this.org;
    const account = accounts ? await this.records.row(accounts, accountId) : undefined;
    if (!account || isDisabled(account)) throw sessionInvalid(message("org.accountGone"));
    if (!positionRoles || !roles || !accountPosition || !linkPosition || !linkRole) return { ids: [], admin: false };
    const positionId = account[accountPosition.name];
    if (positionId === null || positionId === undefined) return { ids: [], admin: false };
    const links = await this.store.all<{ role: number }>(
      `SELECT ${quoteIdent(linkRole.name)} AS role FROM ${quoteIdent(positionRoles.table)} WHERE ${quoteIdent(linkPosition.name)} = ?`,
      [positionId as number],
    );
    const ids: number[] = [];
    let admin = false;
    for (const { role } of links) {
      const row = await this.records.row(roles, role);
      if (!row || isDisabled(row)) continue;
      ids.push(role);
      admin ||= isAdminRole(roles, row);
    }
    return { ids, admin };
  }

  async forAccount(accountId: number): Promise<Grants> {
    const stamp = this.stamp();
    const hit = this.cache.get(accountId);
    if (hit && hit.stamp === stamp) return hit.grants;
    const { ids, admin } = await this.roleIdsOf(accountId);
    const snapshot = await this.menus.snapshot();
    const menus = new Set<string>();
    const buttons = new Set<string>();
    if (ids.length) {
      const marks = ids.map(() => "?").join(",");
      for (const { menu_key } of await this.store.all<{ menu_key: string }>(
        `SELECT DISTINCT menu_key FROM _role_menus WHERE role_id IN (${marks})`,
        ids,
      ))
        if (snapshot.enabled.has(menu_key)) menus.add(menu_key);
      for (const { code } of await this.store.all<{ code: string }>(
        `SELECT DISTINCT menu_button_code AS code FROM _role_buttons WHERE role_id IN (${marks})`,
        ids,
      )) {
        const menu = snapshot.buttonMenu.get(code);
        if (menu && snapshot.enabled.has(menu)) buttons.add(code);
      }
    }
    const grants: Grants = { accountId, admin, menus, buttons };
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(accountId, { stamp, grants });
    return grants;
  }
}
