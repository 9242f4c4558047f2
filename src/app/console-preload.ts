// The login asks for the console's chunk through this hook rather than importing its loader: a
// dynamic import reachable from the login's chunk made the bundler split six more shared files off
// /login's first paint (bench:bundle, +2 KB). ConsoleRootEntry, in the entry chunk, registers itself.
let preload: (() => void) | undefined;

export function setConsolePreload(start: () => void): void {
  preload = start;
}

/** Starts loading the signed-in console, if it can be (the login calls it while its call is out). */
export function preloadConsole(): void {
  preload?.();
}
