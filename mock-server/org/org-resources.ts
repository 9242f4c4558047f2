// The organisation resources spec §7 names, found by the paths the spec gives them.
// The permission chain of spec §4 runs through them: account → position → roles → grants.
import type { ContractColumn } from "../../schema/contract/server-contract";
import { ORG_PATHS } from "../org-paths";
import type { Catalog, ResourceInfo } from "../resources/catalog";

export interface OrgResources {
  readonly accounts?: ResourceInfo;
  readonly positions?: ResourceInfo;
  readonly roles?: ResourceInfo;
  readonly positionRoles?: ResourceInfo;
  readonly departments?: ResourceInfo;
  readonly enterprise?: ResourceInfo;
  readonly menuButtons?: ResourceInfo;
  /** employees.account_name (spec §3 login field). */
  readonly accountName?: ContractColumn;
  readonly accountType?: ContractColumn;
  /** employees.position_id */
  readonly accountPosition?: ContractColumn;
  readonly linkPosition?: ContractColumn;
  readonly linkRole?: ContractColumn;
  /** Tables whose writes change what an account may do. */
  readonly permissionTables: readonly string[];
}

const refTo = (info: ResourceInfo | undefined, target: ResourceInfo | undefined): ContractColumn | undefined =>
  info && target ? info.refs.find((column) => column.ref === target.resource.name) : undefined;

export function locateOrgResources(catalog: Catalog): OrgResources {
  const find = (prefix: string) => catalog.byEndpointPrefix(prefix);
  const accounts = find(ORG_PATHS.accounts);
  const positions = find(ORG_PATHS.positions);
  const roles = find(ORG_PATHS.roles);
  const positionRoles = find(ORG_PATHS.positionRoles);
  const permissionTables = [accounts, positions, roles, positionRoles]
    .filter((info): info is ResourceInfo => info !== undefined)
    .map((info) => info.table);
  return {
    accounts,
    positions,
    roles,
    positionRoles,
    departments: find(ORG_PATHS.departments),
    enterprise: find(ORG_PATHS.enterprise),
    menuButtons: find(ORG_PATHS.menuButtons),
    accountName: accounts?.byName.get("account_name") ?? accounts?.byName.get(accounts.resource.labelField),
    accountType: accounts?.byName.get("account_type"),
    accountPosition: refTo(accounts, positions),
    linkPosition: refTo(positionRoles, positions),
    linkRole: refTo(positionRoles, roles),
    permissionTables: [...permissionTables, "_role_menus", "_role_buttons", "_menus", "_menu_buttons"],
  };
}

/** An account or role switched off by its status field (enable_status) or an `enabled` flag. */
export function isDisabled(row: Record<string, unknown>): boolean {
  return row.status === "disabled" || row.enabled === 0 || row.enabled === false;
}

/** spec §6: the role named admin passes everything. */
export function isAdminRole(info: ResourceInfo, row: Record<string, unknown>): boolean {
  const names = [info.resource.labelField, "role_name", "role_code", "role_key", "name", "code"];
  return names.some((name) => row[name] === "admin");
}
