// Dev mode: the console applies a regenerated manifest's hot updates when it is
// told that the server serves the new contract, so it must be told after Vite has sent those
// updates. Vite sends them once its own file watcher reports the written files, which can come after
// the server has already swapped in the new contract; a console told first would show the roles
// without the screens they open. The manifest watch plugin notes here each file Vite reports (its
// `hotUpdate` hook, which runs just before Vite sends the update) and waits for the files it wrote.

export interface HotUpdatesSent {
  /** Vite reports a changed file (called from the plugin's `hotUpdate` hook). */
  reported(file: string): void;
  /**
   * Resolves true once every one of `files` was reported after `since` (a `performance.now()`), one
   * macrotask later, when Vite has sent the update the report came before; false after `timeoutMs`.
   */
  sentSince(files: readonly string[], since: number, timeoutMs?: number): Promise<boolean>;
}

export function hotUpdatesSent(): HotUpdatesSent {
  const reportedAt = new Map<string, number>();
  const waiters = new Set<() => void>();
  return {
    reported(file) {
      reportedAt.set(file, performance.now());
      for (const check of [...waiters]) check();
    },
    sentSince(files, since, timeoutMs = 2_000) {
      return new Promise((resolve) => {
        const done = (sent: boolean) => {
          waiters.delete(check);
          clearTimeout(timer);
          setTimeout(() => resolve(sent), 0);
        };
        const check = () => {
          if (files.every((file) => (reportedAt.get(file) ?? -Infinity) >= since)) done(true);
        };
        const timer = setTimeout(() => done(false), timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
