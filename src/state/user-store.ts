// spec §3 Session user: name, avatar, introduction, roles, account type.
import { createStore } from "./create-store";

export interface UserState {
  /** null until the selected-menu call has answered (spec §4). */
  readonly roles: readonly string[] | null;
  readonly name: string;
  readonly accountType: string;
  readonly avatar: string;
  readonly introduction: string;
}

export const EMPTY_USER: UserState = { roles: null, name: "", accountType: "", avatar: "", introduction: "" };

export const userStore = createStore<UserState>(EMPTY_USER);

export const getRoles = (): readonly string[] => userStore.get().roles ?? [];
