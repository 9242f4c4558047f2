// spec §6: the one way the UI asks about a permission. It answers for the signed-in
// roles (RolesContext, given by the shell) with the one checkPermission; <Permission> is the same
// question as an element guard.
import { useCallback, useContext } from "react";
import { checkPermission } from "./check-permission";
import { RolesContext } from "./roles-context";

const NO_ROLES: readonly string[] = [];

/** `can(codes)`: does the user hold one of these roles or button codes (admin always does)? */
export function useCan(): (required: readonly string[] | undefined) => boolean {
  const roles = useContext(RolesContext) ?? NO_ROLES;
  return useCallback((required) => checkPermission(roles, required), [roles]);
}
