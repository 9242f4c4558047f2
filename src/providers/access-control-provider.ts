// refine's access control through the one checkPermission (spec §6), so it agrees with every other guard. The shell
// creates it with what it reads from its stores: the signed-in roles and the resources shown.
import type { AccessControlProvider, ResourceProps } from "@refinedev/core";
import { canOpen, checkPermission } from "../permission/check-permission";

export interface AccessControlSources {
  /** The signed-in roles; none before they have loaded. */
  readonly getRoles: () => readonly string[];
  /** refine's resources as the console shows them now (in development a manifest save brings a new list). */
  readonly getResources: () => readonly ResourceProps[];
}

/** A resource's roles by its name. */
export type ResourceRoles = (resource: string) => readonly string[] | undefined;

/** Each resource's roles, indexed once per resource list. */
function indexResourceRoles(getResources: () => readonly ResourceProps[]): ResourceRoles {
  let indexed: { readonly resources: unknown; readonly roles: ReadonlyMap<string, readonly string[]> } | undefined;
  return (resource) => {
    const resources = getResources();
    if (indexed?.resources !== resources)
      indexed = {
        resources,
        roles: new Map(resources.map((entry) => [entry.name, (entry.meta?.roles ?? []) as readonly string[]])),
      };
    return indexed.roles.get(resource);
  };
}

export interface CanParams {
  resource?: string;
  action: string;
  params?: {
    resource?: { name?: string; meta?: { roles?: readonly string[] } };
    code?: string;
    [key: string]: unknown;
  };
}

/** A button's permission code in params.code decides alone; otherwise the resource's roles. */
export function decide(
  roles: readonly string[],
  { resource, params }: CanParams,
  rolesOf: ResourceRoles = () => undefined,
): boolean {
  if (typeof params?.code === "string" && params.code) return checkPermission(roles, [params.code]);
  const metaRoles = params?.resource?.meta?.roles ?? (resource ? rolesOf(resource) : undefined);
  return canOpen(roles, metaRoles);
}

export function createAccessControlProvider({ getRoles, getResources }: AccessControlSources): AccessControlProvider {
  const rolesOf = indexResourceRoles(getResources);
  return {
    can: (query) => {
      const can = decide(getRoles(), query as CanParams, rolesOf);
      return Promise.resolve(can ? { can } : { can, reason: "Forbidden" });
    },
    options: {
      buttons: { enableAccessControl: true, hideIfUnauthorized: true },
      // Roles change at sign-in and logout; the cache is cleared then (the shell's signed-in
      // caches follow the session events), so answers can stay fresh.
      queryOptions: { staleTime: Infinity },
    },
  };
}
