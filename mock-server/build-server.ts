// `npm run build:server`: the mock server compiled once into mock-server/dist/server.mjs, the file
// `npm start`, the browser tests and bench/mock-server run. Run through `tsx`, the server would
// carry tsx's loader (its own thread and V8 heap: +43 MB of RSS at 1,000,000 rows) and
// transpile its modules at every start. Packages stay external: node resolves them from
// node_modules (better-sqlite3 is native), so only our own TypeScript is bundled, not
// minified (each module keeps a `// mock-server/…` line above it, so a stack trace is readable).
// The file sits one folder below mock-server/ like the sources, so paths taken from
// import.meta.dirname (live/contract-file.ts) resolve the same from both.
import { build } from "esbuild";
import { relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
export const SERVER_BUNDLE = resolve(import.meta.dirname, "dist", "server.mjs");

/**
 * How node runs the compiled server (package.json's `serve` script says the same; a test holds
 * them equal). V8's default young generation grows to 2 × 16 MB, and its old generation to a
 * multiple of the live heap before a full collection: at 1,000,000 rows the server's RSS rose
 * from ~140 MB to 200–300 MB of garbage not yet collected, for ~37 MB of live objects.
 * Semi-spaces of 4 MB and an old generation allowed to grow by half between collections keep it
 * near its live size (bench/mock-server prints the RSS and the throughput with these flags).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=4", "--heap-growing-percent=50"];

/** The command line after `node`, relative to the project's root (its working directory). */
export const serverNodeArgs = (): string[] => [...SERVER_NODE_FLAGS, relative(ROOT, SERVER_BUNDLE)];

/**
 * Compiles the server; `entry` and `outfile` another entry built the same way (bench/scan-server.ts,
 * whose bench runs the scan path as `npm start` runs it). The outfile stays in mock-server/dist, for
 * the paths taken from import.meta.dirname.
 */
export async function buildServer(
  entry = resolve(import.meta.dirname, "server.ts"),
  outfile = SERVER_BUNDLE,
): Promise<void> {
  if (resolve(outfile, "..") !== resolve(SERVER_BUNDLE, ".."))
    throw new Error(`a server bundle belongs in ${resolve(SERVER_BUNDLE, "..")}`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  });
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) await buildServer();
