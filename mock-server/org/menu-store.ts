// The permission tree as the server reads it at run time: menus from _menus (with their
// enabled flags), buttons from the menubutton resource when the contract has one (so buttons
// added through the API can be granted), else from _menu_buttons. Cached until a write.
import { quoteIdent } from "../db/sql-names";
import type { Store } from "../db/store";
import type { OrgResources } from "./org-resources";

export interface MenuRow {
  readonly menu_key: string;
  readonly parent_key: string | null;
  readonly menu_name: string;
  readonly path: string;
  readonly hidden: number;
  readonly open: number;
  readonly enabled: number;
}

export interface ButtonRow {
  readonly menu_button_code: string;
  readonly menu_key: string;
  readonly menu_button_name: string;
}

export interface MenuSnapshot {
  readonly menus: readonly MenuRow[];
  readonly buttonsByMenu: ReadonlyMap<string, readonly ButtonRow[]>;
  readonly buttonMenu: ReadonlyMap<string, string>;
  /** Enabled, with every ancestor enabled: a disabled menu switches off its subtree. */
  readonly enabled: ReadonlySet<string>;
  /** Open (no role) and enabled: every signed-in user passes them. */
  readonly open: ReadonlySet<string>;
}

export class MenuStore {
  private cached?: { stamp: string; snapshot: MenuSnapshot };

  constructor(
    private readonly store: Store,
    private readonly org: OrgResources,
  ) {}

  private get buttonTable(): string {
    const info = this.org.menuButtons;
    return info && info.byName.has("menu_button_code") && info.byName.has("menu_key") ? info.table : "_menu_buttons";
  }

  private async loadButtons(): Promise<ButtonRow[]> {
    const table = this.buttonTable;
    if (table === "_menu_buttons")
      return await this.store.all<ButtonRow>(
        "SELECT menu_button_code, menu_key, menu_button_name FROM _menu_buttons ORDER BY position",
      );
    const info = this.org.menuButtons!;
    const name = info.byName.has("menu_button_name") ? '"menu_button_name"' : '"menu_button_code"';
    const order = info.byName.has("sort") ? '"sort", "id"' : '"id"';
    return await this.store.all<ButtonRow>(
      `SELECT "menu_button_code" AS menu_button_code, "menu_key" AS menu_key, ${name} AS menu_button_name FROM ${quoteIdent(table)} ORDER BY ${order}`,
    );
  }

  private stamp(): string {
    return [this.store.version("_menus"), this.store.version(this.buttonTable)].join(",");
  }

  /** snapshot()'s answer when it is kept and no write has come since; undefined otherwise. */
  kept(): MenuSnapshot | undefined {
    return this.cached?.stamp === this.stamp() ? this.cached.snapshot : undefined;
  }

  async snapshot(): Promise<MenuSnapshot> {
    const kept = this.kept();
    if (kept) return kept;
    const stamp = this.stamp();
    const menus = await this.store.all<MenuRow>(
      "SELECT menu_key, parent_key, menu_name, path, hidden, open, enabled FROM _menus ORDER BY position",
    );
    const known = new Set(menus.map((menu) => menu.menu_key));
    const buttonsByMenu = new Map<string, ButtonRow[]>();
    const buttonMenu = new Map<string, string>();
    for (const button of await this.loadButtons()) {
      if (!known.has(button.menu_key) || buttonMenu.has(button.menu_button_code)) continue;
      buttonMenu.set(button.menu_button_code, button.menu_key);
      buttonsByMenu.set(button.menu_key, [...(buttonsByMenu.get(button.menu_key) ?? []), button]);
    }
    const enabled = new Set<string>();
    for (const menu of menus) {
      // Pre-order: a parent is decided before its children.
      if (menu.enabled === 1 && (menu.parent_key === null || enabled.has(menu.parent_key))) enabled.add(menu.menu_key);
    }
    const open = new Set(
      menus.filter((menu) => menu.open === 1 && enabled.has(menu.menu_key)).map((menu) => menu.menu_key),
    );
    const snapshot = { menus, buttonsByMenu, buttonMenu, enabled, open };
    // A write that came while reading leaves this snapshot unkept: the next call reads again.
    if (this.stamp() === stamp) this.cached = { stamp, snapshot };
    return snapshot;
  }

  async setEnabled(menuKey: string, enabled: boolean): Promise<boolean> {
    // In a transaction, so the other processes on the database hear of it as it commits (Store.bump).
    return await this.store.transaction(async () => {
      const result = await this.store.run("UPDATE _menus SET enabled = ? WHERE menu_key = ?", [
        enabled ? 1 : 0,
        menuKey,
      ]);
      this.store.bump("_menus");
      return result.changes > 0;
    });
  }
}
