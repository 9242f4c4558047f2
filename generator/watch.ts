// Regenerates whenever a manifest file changes (npm run generate -- --watch; the Vite dev server uses the same).
import { watch } from "node:fs";
import { dirname } from "node:path";
import { resourcesDirOf } from "./load/load-manifest";

export function watchManifest(manifestPath: string, onChange: () => Promise<unknown>): () => void {
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve<unknown>(undefined);
  const trigger = (_event: string, name: string | null) => {
    if (name && !name.endsWith(".yaml")) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(onChange, onChange);
    }, 50);
  };
  const watchers = [watch(dirname(manifestPath), trigger), watch(resourcesDirOf(manifestPath), trigger)];
  return () => watchers.forEach((w) => w.close());
}
