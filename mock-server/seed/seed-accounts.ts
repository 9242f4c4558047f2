// The demo accounts: admin (role admin, passes everything, spec §6) and editor (a
// few menus — products, warehouses, dealers — with their add and edit buttons, no deletes).
// Both use the initial password. Each gets a role, a position and the link between them.
import { hashPassword } from "../auth/passwords";
import type { AppContext } from "../context";
import { DEMO_PASSWORD } from "../options";
import { storePasswordHash } from "../org/account-passwords";
import { replaceRoleGrants } from "../org/role-grants";
import type { ResourceInfo } from "../resources/catalog";
import type { Row } from "../resources/row-codec";
import { completeRow } from "./complete-row";
import { Prng, seedOf } from "./prng";

export interface DemoAccount {
  readonly account_name: string;
  readonly role: string;
  readonly title: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { account_name: "admin", role: "admin", title: "系统管理员" },
  { account_name: "editor", role: "editor", title: "内容编辑" },
];

/** spec §2 menus the editor works in. */
const EDITOR_MENUS = ["productlist", "store", "dealer"];

async function editorGrants(ctx: AppContext): Promise<{ menus: string[]; buttons: string[] }> {
  const snapshot = await ctx.menus.snapshot();
  const known = new Set(snapshot.menus.map((menu) => menu.menu_key));
  let wanted = EDITOR_MENUS.filter((key) => known.has(key));
  if (wanted.length === 0)
    wanted = snapshot.menus
      .filter((menu) => snapshot.buttonsByMenu.has(menu.menu_key))
      .slice(0, 3)
      .map((menu) => menu.menu_key);
  const resources = ctx.catalog.resources.filter((resource) =>
    resource.readRoles.some((role) => wanted.includes(role)),
  );
  const menus = new Set(
    [...wanted, ...resources.flatMap((resource) => resource.readRoles)].filter((key) => known.has(key)),
  );
  const buttons = resources.flatMap((resource) => [
    ...(resource.writeRoles.create ?? []),
    ...(resource.writeRoles.edit ?? []),
    ...(resource.writeRoles.update ?? []),
  ]);
  // Groups on the way up, as a tree with half-checked parents would save them.
  const parentOf = new Map(snapshot.menus.map((menu) => [menu.menu_key, menu.parent_key]));
  for (const key of [...menus]) for (let up = parentOf.get(key); up; up = parentOf.get(up)) menus.add(up);
  return { menus: [...menus], buttons: [...new Set(buttons)].filter((code) => snapshot.buttonMenu.has(code)) };
}

async function insert(ctx: AppContext, info: ResourceInfo, given: Row, index: number, anchor: number): Promise<number> {
  const env = {
    rng: new Prng(seedOf(`${info.table}:demo:${index}`)),
    anchor,
    index,
    table: info.table,
    areaCodes: ["330106"],
  };
  const row = await completeRow(
    ctx,
    info,
    Object.fromEntries(Object.entries(given).filter(([name]) => info.byName.has(name))),
    env,
  );
  return await ctx.records.insert(info, row);
}

export async function seedAccounts(ctx: AppContext, anchor: number): Promise<DemoAccount[]> {
  const { accounts, roles, positions, positionRoles, accountName, accountPosition, linkPosition, linkRole } = ctx.org;
  if (
    !accounts ||
    !roles ||
    !positions ||
    !positionRoles ||
    !accountName ||
    !accountPosition ||
    !linkPosition ||
    !linkRole
  )
    return [];
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(DEMO_PASSWORD)));
  const grants = await editorGrants(ctx);
  await ctx.store.transaction(async () => {
    for (const [index, demo] of DEMO_ACCOUNTS.entries()) {
      const roleId = await insert(
        ctx,
        roles,
        { [roles.resource.labelField]: demo.role, role_name: demo.role, role_desc: demo.title, status: "enabled" },
        index,
        anchor,
      );
      const positionId = await insert(
        ctx,
        positions,
        { position_name: demo.title, position_code: demo.role.toUpperCase(), remark: null },
        index,
        anchor,
      );
      await insert(ctx, positionRoles, { [linkPosition.name]: positionId, [linkRole.name]: roleId }, index, anchor);
      const accountId = await insert(
        ctx,
        accounts,
        {
          [accountName.name]: demo.account_name,
          real_name: demo.title,
          status: "enabled",
          // The first of the account types the login form offers.
          account_type: ctx.contract.enums.account_type?.[0] ?? null,
          // The brand's staff act for no dealer: an account with a dealer_id sees only that dealer's codes.
          dealer_id: null,
          [accountPosition.name]: positionId,
        },
        index,
        anchor,
      );
      await storePasswordHash(ctx, accountId, hashes[index]);
      if (demo.role === "editor") await replaceRoleGrants(ctx.store, roleId, grants.menus, grants.buttons);
    }
  });
  return [...DEMO_ACCOUNTS];
}
