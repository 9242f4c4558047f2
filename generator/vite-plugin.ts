// Dev mode: regenerate when a manifest file changes, so the open console shows the new menu without a restart.
// Vite then reloads the changed generated modules; the mock server (tsx watch) restarts on its generated contract.
import { resolve } from "node:path";
import type { Plugin } from "vite";
import { formatProblem, generate, shownProblems } from "./index";
import { watchManifest } from "./watch";

export function manifestWatchPlugin(manifest = "schema/manifest.yaml"): Plugin {
  return {
    name: "trace-console:manifest-watch",
    apply: "serve",
    configureServer(server) {
      const manifestPath = resolve(manifest);
      let broken = false;
      const regenerate = async () => {
        const result = await generate({ manifestPath, root: process.cwd() });
        if (result.problems.length > 0) {
          // One message per mistake (issue 16 item 3): the parser's echoes of it stay out.
          const text = shownProblems(result.problems).map(formatProblem).join("\n");
          server.config.logger.error(`manifest has problems; generated code left as it was:\n${text}`);
          server.ws.send({ type: "error", err: { message: text, stack: "" } });
          broken = true;
          return;
        }
        const written = result.write!.written.length + result.write!.deleted.length;
        server.config.logger.info(`manifest OK, ${written} file(s) regenerated`, { timestamp: true });
        // A fixed manifest may change no file (the broken one wrote none): an empty update still
        // clears the error overlay, which otherwise blocks every click until Esc (issue 16 item 2).
        if (broken) server.ws.send({ type: "update", updates: [] });
        broken = false;
      };
      const stop = watchManifest(manifestPath, regenerate);
      server.httpServer?.on("close", stop);
    },
  };
}
