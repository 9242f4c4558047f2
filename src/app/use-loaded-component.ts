// A component from a chunk, loaded by hand rather than with React.lazy and Suspense:
// React holds a Suspense retry's reveal until 300 ms after the last fallback it showed, so a chunk
// that came in 100 ms still waited 300 ms before it rendered, and every call it makes with it. The
// chunk's answer here is an ordinary state update, which React does not throttle. A component
// loaded once renders at once the next time; a chunk loaded ahead (loadComponent) is used as it is.
import { useEffect, useState, type ComponentType } from "react";

type Load<P> = () => Promise<{ default: ComponentType<P> }>;

// Keyed by the caller, who knows each key's props.
const loaded = new Map<string, unknown>();
const loading = new Map<string, Promise<unknown>>();

/** The component of `key` if its chunk has loaded, else undefined. */
export const loadedComponent = <P = object>(key: string): ComponentType<P> | undefined =>
  loaded.get(key) as ComponentType<P> | undefined;

/** Starts loading once per key; a failed load is forgotten, so asking again loads again. */
export function loadComponent<P = object>(key: string, load: Load<P>): Promise<ComponentType<P>> {
  let pending = loading.get(key) as Promise<ComponentType<P>> | undefined;
  if (!pending) {
    pending = load().then(
      (module) => {
        loaded.set(key, module.default);
        return module.default;
      },
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}

/**
 * The component once loaded, undefined meanwhile. A failed load is thrown while rendering, for the
 * nearest error boundary; its retry mounts the caller again, which loads again.
 */
export function useLoadedComponent(key: string, load: Load<object>): ComponentType | undefined {
  const [component, setComponent] = useState<ComponentType | undefined>(() => loadedComponent(key));
  const [failure, setFailure] = useState<{ readonly error: unknown }>();
  // Asked for while rendering, as React.lazy does: the chunk's request goes out before the commit.
  const pending = component ? undefined : loadComponent(key, load);
  useEffect(() => {
    if (!pending) return;
    let current = true;
    pending.then(
      (done) => current && setComponent(() => done),
      (error: unknown) => current && setFailure({ error }),
    );
    return () => {
      current = false;
    };
  }, [pending]);
  if (failure) throw failure.error;
  return component;
}
