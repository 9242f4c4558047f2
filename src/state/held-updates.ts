// Development only: a manifest save hot-updates several generated modules (the
// refine resources, the menu and page routes, each language's messages) a moment before the mock
// server serves the contract they belong to. Each update is held here instead of being shown on its
// own, then all of them are applied at once with the reloaded roles: the console renders the new
// screen once, complete, instead of once per module and again for the roles.

type Apply = () => void;

const held = new Map<string, Promise<Apply>>();

/** Holds `key`'s update (replacing an older one of the same key) until the next take. */
export function holdUpdate(key: string, apply: Apply | Promise<Apply>): void {
  held.set(key, Promise.resolve(apply));
}

/** Every held update, as one function that applies them in the order they were first held. */
export async function takeHeldUpdates(): Promise<Apply> {
  const pending = [...held.values()];
  held.clear();
  const appliers = await Promise.all(pending);
  return () => appliers.forEach((apply) => apply());
}
