// spec §3 App state: sidebar (opened, withoutAnimation), device and size; §4 persistence in cookies.
import { DEFAULT_SIZE, SIZES, type SizeName } from "../settings";
import { getSidebarStatus, getSizeCookie, setSidebarStatus, setSizeCookie } from "./app-cookies";
import { createStore } from "./create-store";

export type Device = "desktop" | "mobile";

export interface AppState {
  readonly sidebar: { readonly opened: boolean; readonly withoutAnimation: boolean };
  readonly device: Device;
  readonly size: SizeName;
}

function initialSize(): SizeName {
  const stored = getSizeCookie();
  return SIZES.includes(stored as SizeName) ? (stored as SizeName) : DEFAULT_SIZE;
}

export const appStore = createStore<AppState>({
  sidebar: { opened: getSidebarStatus() !== "0", withoutAnimation: false },
  device: "desktop",
  size: initialSize(),
});

export function toggleSidebar(): void {
  const opened = !appStore.get().sidebar.opened;
  setSidebarStatus(opened);
  appStore.set((state) => ({ ...state, sidebar: { opened, withoutAnimation: false } }));
}

export function closeSidebar(withoutAnimation: boolean): void {
  setSidebarStatus(false);
  appStore.set((state) => ({ ...state, sidebar: { opened: false, withoutAnimation } }));
}

export function setDevice(device: Device): void {
  if (appStore.get().device !== device) appStore.set((state) => ({ ...state, device }));
}

export function setSize(size: SizeName): void {
  setSizeCookie(size);
  appStore.set((state) => ({ ...state, size }));
}
