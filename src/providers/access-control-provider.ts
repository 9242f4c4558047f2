// refine's access control through the one checkPermission (spec §6, STYLE rule 5).
import type { AccessControlProvider } from "@refinedev/core";
import { refineResources } from "../generated/resources.gen";
import { canOpen, checkPermission } from "../permission/check-permission";
import { getRoles } from "../state/user-store";

const rolesByResource = new Map(
  refineResources.map((resource) => [resource.name, (resource.meta?.roles ?? []) as readonly string[]]),
);

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
  const metaRoles = params?.resource?.meta?.roles ?? (resource ? rolesByResource.get(resource) : undefined);
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
