// What an account may do, derived as spec §4 says: account → position → roles → the menus and
// buttons granted to those roles. Cached per account until a table it comes from is written: the
// roles, positions and menu tables by their read version; the accounts table by row, since every
// create or edit of an account wrote it, and every signed-in account's grants were read again.
import { quoteIdent } from "../db/sql-names";
import type { RowWatcher, Store } from "../db/store";
import { sessionInvalid } from "../refusals";
import type { Records } from "../resources/records";
import type { MenuStore } from "../org/menu-store";
import { isAdminRole, isDisabled, type OrgResources } from "../org/org-resources";
import type { Grants } from "./check-permission";
import { message } from "../../schema/contract/messages";

export class GrantService {
  private readonly cache = new Map<number, { stamp: number; account: number; grants: Grants }>();
  /** The permission tables but the accounts table, whose writes are followed row by row. */
  private readonly sharedTables: readonly string[];
  /** Writes of each account's row seen so far, and of the accounts table as a whole (or of unknown rows). */
  private readonly accountWrites = new Map<number, number>();
  private allAccountWrites = 0;

  constructor(
    private readonly store: Store,
    private readonly records: Records,
    private readonly org: OrgResources,
    private readonly menus: MenuStore,
  ) {
    const accounts = org.accounts?.table;
    this.sharedTables = org.permissionTables.filter((table) => table !== accounts);
    if (accounts) store.watch(this.accountWatcher(accounts));
  }

  /**
   * Moves whenever a table the grants of every account come from is written: read versions only
   * ever go up, so their sum does too. A number, built with no array or string, since every call asks.
   */
  private stamp(): number {
    let sum = this.org.menuButtons ? this.store.version(this.org.menuButtons.table) : 0;
    for (const table of this.sharedTables) sum += this.store.version(table);
    return sum;
  }

  /** Moves whenever the account's own row may have been written. */
  private accountStamp(accountId: number): number {
    return (this.accountWrites.get(accountId) ?? 0) + this.allAccountWrites;
  }

  /**
   * Follows writes of the accounts table: a one-row write moves that account's stamp, any other
   * write (or one another process made, or a rollback) every account's. Each moves again once the
   * writing transaction commits, so grants read from the row as it was before the commit, by a
   * call between the write and the commit, are not kept past it.
   */
  private accountWatcher(accounts: string): RowWatcher<string> {
    const written = (accountId: number) =>
      this.accountWrites.set(accountId, (this.accountWrites.get(accountId) ?? 0) + 1);
    const allWritten = () => (this.allAccountWrites += 1);
    return {
      beforeRow: (table) => Promise.resolve(table),
      afterRow: (table, id) => {
        if (table === accounts) {
          written(id);
          this.store.afterCommit(() => written(id));
        }
        return Promise.resolve();
      },
      tableWritten: (table) => {
        if (table !== accounts) return;
        allWritten();
        this.store.afterCommit(allWritten);
      },
      clear: allWritten,
    };
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

  /** forAccount()'s answer when it is kept and still current; undefined otherwise. */
  kept(accountId: number): Grants | undefined {
    const hit = this.cache.get(accountId);
    return hit && hit.stamp === this.stamp() && hit.account === this.accountStamp(accountId) ? hit.grants : undefined;
  }

  async forAccount(accountId: number): Promise<Grants> {
    const kept = this.kept(accountId);
    if (kept) return kept;
    // Taken before reading: a write that comes while reading leaves what is kept already stale.
    const stamp = this.stamp();
    const account = this.accountStamp(accountId);
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
    this.cache.set(accountId, { stamp, account, grants });
    return grants;
  }
}
