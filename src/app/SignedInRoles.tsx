// The signed-in roles from the user store, given to the one permission check (useCan, <Permission>)
// through permission/roles-context: the permission layer never reads the shell's stores.
import type { ReactNode } from "react";
import { RolesContext } from "../permission/roles-context";
import { useStore } from "../state/create-store";
import { userStore } from "../state/user-store";

export function SignedInRoles({ children }: { readonly children: ReactNode }) {
  const roles = useStore(userStore, (user) => user.roles);
  return <RolesContext.Provider value={roles}>{children}</RolesContext.Provider>;
}
