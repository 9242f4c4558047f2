// The signed-in roles, as the shell gives them (from its user store) to everything under the
// console: useCan() and <Permission> read them here, so the permission check never reads a store.
import { createContext } from "react";

/** null until the roles have loaded (spec §4); nobody may do anything then. */
export const RolesContext = createContext<readonly string[] | null>(null);
