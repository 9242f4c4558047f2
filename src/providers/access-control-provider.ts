// refine's access control through the one checkPermission (spec §6, STYLE rule 5).
import type { AccessControlProvider } from "@refinedev/core";
import { generatedShell } from "../state/generated-shell";
import { canOpen, checkPermission } from "../permission/check-permission";
import { getRoles } from "../state/user-store";

let indexed: { readonly resources: unknown; readonly roles: ReadonlyMap<string, readonly string[]> } | undefined;

/** Each resource's roles, indexed once per generated resource list (a manifest save brings a new one). */
function rolesOf(resource: string): readonly string[] | undefined {
  const { resources } = generatedShell.get();
  if (indexed?.resources !== resources)
    indexed = {
      resources,
      roles: new Map(resources.map((entry) => [entry.name, (entry.meta?.roles ?? []) as readonly string[]])),
    };
  return indexed.roles.get(resource);
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
export function decide(roles: readonly string[], { resource, params }: CanParams): boolean {
  if (typeof params?.code === "string" && params.code) return checkPermission(roles, [params.code]);
  const metaRoles = params?.resource?.meta?.roles ?? (resource ? rolesOf(resource) : undefined);
  return canOpen(roles, metaRoles);
}

export const accessControlProvider: AccessControlProvider = {
  can: async (query) => {
    const can = decide(getRoles(), query as CanParams);
    return can ? { can } : { can, reason: "Forbidden" };
  },
  options: {
    buttons: { enableAccessControl: true, hideIfUnauthorized: true },
    // Roles change at login; the cache is cleared then (api/session.ts), so answers can stay fresh.
    queryOptions: { staleTime: Infinity },
  },
};
