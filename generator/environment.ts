// What normalize needs to know about the world outside the manifest: the icon set and the override screens.
import { existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { NormalizeEnvironment } from "./normalize/normalize";

let iconNames: ReadonlySet<string> | undefined;

/** Component names exported by @ant-design/icons (one file per icon in its lib/icons folder). */
export function antdIconNames(): ReadonlySet<string> {
  if (!iconNames) {
    const pkg = createRequire(import.meta.url).resolve("@ant-design/icons/package.json");
    const dir = join(dirname(pkg), "lib", "icons");
    iconNames = new Set(
      readdirSync(dir)
        .filter((name) => name.endsWith(".js"))
        .map((name) => name.slice(0, -3)),
    );
  }
  return iconNames;
}

export function environmentFor(overridesDir: string): NormalizeEnvironment {
  return {
    icons: antdIconNames(),
    overrideExists: (component) => existsSync(join(overridesDir, `${component}.tsx`)),
  };
}
