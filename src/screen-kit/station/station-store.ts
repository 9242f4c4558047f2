// The station's state outside React, so a scan redraws only what shows it: the verdict, the figures
// and the buttons each read their own slice and are drawn again only when that slice changes; the
// station around them (setup, scanner, camera, the list below) is not drawn again per scan.
import { useCallback, useSyncExternalStore } from "react";
import { EMPTY_STATION, type StationState } from "./station-state";

export interface StationStore {
  /** The state now: callbacks read it, never a render's copy, so two scans in one tick see each other. */
  readonly get: () => StationState;
  readonly set: (next: StationState) => void;
  readonly subscribe: (changed: () => void) => () => void;
}

export function createStationStore(initial: StationState = EMPTY_STATION): StationStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set: (next) => {
      if (next === state) return;
      state = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe: (changed) => {
      listeners.add(changed);
      return () => listeners.delete(changed);
    },
  };
}

/**
 * One slice of the station's state; the component is drawn again only when the slice changes
 * (Object.is), so a slice is a primitive or a part of the state kept as it was.
 */
export function useStationSlice<Slice>(store: StationStore, select: (state: StationState) => Slice): Slice {
  const read = useCallback(() => select(store.get()), [select, store]);
  return useSyncExternalStore(store.subscribe, read, read);
}
