// Dev mode: regenerate when a manifest file changes, so the open console shows the new menu without a restart.
// Vite then reloads the changed generated modules; the mock server (tsx watch) restarts on its generated contract.
import { resolve } from "node:path";
import type { Plugin } from "vite";
import { formatProblem, generate } from "./index";
import { watchManifest } from "./watch";

export function manifestWatchPlugin(manifest = "schema/manifest.yaml"): Plugin {
  return {
    name: "trace-console:manifest-watch",
    apply: "serve",
    configureServer(server) {
      const manifestPath = resolve(manifest);
      const regenerate = async () => {
        const result = await generate({ manifestPath, root: process.cwd() });
        if (result.problems.length > 0) {
          const text = result.problems.map(formatProblem).join("\n");
          server.config.logger.error(`manifest has problems; generated code left as it was:\n${text}`);
          server.ws.send({ type: "error", err: { message: text, stack: "" } });
          return;
        }
        const written = result.write!.written.length + result.write!.deleted.length;
        if (written > 0) server.config.logger.info(`manifest changed: ${written} generated file(s) updated`);
      };
      const stop = watchManifest(manifestPath, regenerate);
      server.httpServer?.on("close", stop);
    },
  };
}
