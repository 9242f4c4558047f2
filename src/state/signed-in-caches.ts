// Caches of answers given to the signed-in account register here, and a sign-in or a logout drops
// them all. The session calls do not import the caches themselves: the login page signs in before
// the console (and its react-query client) has loaded.

const caches = new Set<() => void>();

/** `clear` runs at every sign-in and logout from now on. */
export function registerSignedInCache(clear: () => void): void {
  caches.add(clear);
}

export function clearSignedInCaches(): void {
  for (const clear of caches) clear();
}
