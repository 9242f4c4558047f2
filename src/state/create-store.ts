// A minimal external store for the shell's small bits of state, read with useSyncExternalStore.
import { useSyncExternalStore } from "react";

/** Its functions close over the store, so they may be passed on unbound (useSyncExternalStore does). */
export interface Store<T> {
  readonly get: () => T;
  readonly set: (next: T | ((previous: T) => T)) => void;
  readonly subscribe: (listener: () => void) => () => void;
}

export function createStore<T>(initial: T, onChange?: (value: T) => void): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      const resolved = typeof next === "function" ? (next as (previous: T) => T)(value) : next;
      if (Object.is(resolved, value)) return;
      value = resolved;
      onChange?.(value);
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Reads a store in a component; the selector must return a stable value (a field, not a new object). */
export function useStore<T, S = T>(store: Store<T>, selector: (value: T) => S = (v) => v as unknown as S): S {
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.get()),
    () => selector(store.get()),
  );
}
