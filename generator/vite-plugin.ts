// Dev mode: regenerate when a manifest file changes, so the open console shows the new menu without a
// reload. Vite hot-updates the changed generated modules; the mock server takes the
// new contract in place (mock-server/live/). Once it serves it, the console is told to load its roles
// again, which brings a new menu entry into the sidebar with the session and the tabs as they were;
// it is told after Vite has sent the hot updates of the files written (hot-updates-sent.ts).
import { resolve } from "node:path";
import type { Plugin } from "vite";
import { CONTRACT_SERVED_EVENT } from "../schema/contract/live-contract";
import { hotUpdatesSent } from "./hot-updates-sent";
import { createGeneratorCache, formatProblem, generate, shownProblems } from "./index";
import { watchManifest } from "./watch";

export interface ManifestWatchOptions {
  readonly manifest?: string;
  /** Resolves once the server serves the contract just written (or gives up); absent: no wait. */
  readonly contractServed?: () => Promise<boolean>;
}

const SERVER_CONTRACT = "mock-server/generated/contract.gen.json";

export function manifestWatchPlugin({
  manifest = "schema/manifest.yaml",
  contractServed,
}: ManifestWatchOptions = {}): Plugin {
  const updates = hotUpdatesSent();
  return {
    name: "trace-console:manifest-watch",
    apply: "serve",
    hotUpdate({ file }) {
      if (this.environment.name === "client") updates.reported(file);
    },
    configureServer(server) {
      const manifestPath = resolve(manifest);
      let broken = false;
      const cache = createGeneratorCache();
      const regenerate = async () => {
        const started = performance.now();
        const result = await generate({ manifestPath, root: process.cwd(), cache, serverFirst: true });
        if (result.problems.length > 0) {
          // One message per mistake: the parser's echoes of it stay out.
          const text = shownProblems(result.problems).map(formatProblem).join("\n");
          server.config.logger.error(`manifest has problems; generated code left as it was:\n${text}`);
          server.ws.send({ type: "error", err: { message: text, stack: "" } });
          broken = true;
          return;
        }
        const { written, deleted } = result.write!;
        server.config.logger.info(
          `manifest OK, ${written.length + deleted.length} file(s) regenerated in ${Math.round(performance.now() - started)} ms`,
          {
            timestamp: true,
          },
        );
        // A fixed manifest may change no file (the broken one wrote none): an empty update still
        // clears the error overlay, which otherwise blocks every click until Esc.
        if (broken) server.ws.send({ type: "update", updates: [] });
        broken = false;
        if (written.length + deleted.length === 0) return;
        // The console holds hot updates of the modules it has loaded until it is told (src/state/held-updates.ts).
        const loaded = written
          .map((file) => resolve(file))
          .filter((file) => server.environments.client.moduleGraph.getModulesByFile(file)?.size);
        const [served, sent] = await Promise.all([
          written.some((file) => file.endsWith(SERVER_CONTRACT)) && contractServed ? contractServed() : true,
          updates.sentSince(loaded, started),
        ]);
        if (!served)
          server.config.logger.warn("the mock server did not take the new contract (is it running?)", {
            timestamp: true,
          });
        if (!sent)
          server.config.logger.warn("Vite did not report every regenerated file; the console is told anyway", {
            timestamp: true,
          });
        server.ws.send({ type: "custom", event: CONTRACT_SERVED_EVENT, data: {} });
        server.config.logger.info(
          `console told to load its menu, ${Math.round(performance.now() - started)} ms after the save was seen`,
          { timestamp: true },
        );
      };
      const stop = watchManifest(manifestPath, regenerate);
      server.httpServer?.on("close", stop);
    },
  };
}
