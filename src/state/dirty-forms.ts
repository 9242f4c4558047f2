// Which open pages hold form input nobody has saved, so closing their tab or
// signing out asks first. Kept per page path (each tab is one path); the form screens report it.
import { createStore } from "./create-store";

export const dirtyFormsStore = createStore<ReadonlySet<string>>(new Set());

export function markDirty(path: string, dirty: boolean): void {
  dirtyFormsStore.set((paths) => {
    if (paths.has(path) === dirty) return paths;
    const next = new Set(paths);
    if (dirty) next.add(path);
    else next.delete(path);
    return next;
  });
}

/** The dirty pages among `paths` (all of them without an argument). */
export function dirtyAmong(paths?: readonly string[]): string[] {
  const dirty = dirtyFormsStore.get();
  return paths ? paths.filter((path) => dirty.has(path)) : [...dirty];
}
