// A value worked out once per catalog entry: SQL texts a hot path would otherwise build on every
// call (and the statement cache hash anew). A live manifest change makes a new catalog, whose new
// entries get their values made again; the old ones go with their entries.
import type { ResourceInfo } from "./catalog";

export function perEntry<T>(make: (info: ResourceInfo) => T): (info: ResourceInfo) => T {
  const kept = new WeakMap<ResourceInfo, T>();
  return (info) => {
    let value = kept.get(info);
    if (value === undefined) {
      value = make(info);
      kept.set(info, value);
    }
    return value;
  };
}
