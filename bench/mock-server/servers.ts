// The two servers under test, each started as its own process on 127.0.0.1 with request
// logging off: ours (the compiled server `npm start` runs, on a given DB_FILE) and json-server 0.17 on a
// db.json (its CLI; it keeps the data in memory and rewrites the file on every write).
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { buildServer, serverNodeArgs } from "../../mock-server/build-server";
import { contract } from "../../mock-server/generated/contract.gen";
import { login, type Target } from "./load";
import { freePort, startServer, type Server } from "./processes";

const require = createRequire(import.meta.url);

export interface Running {
  readonly server: Server;
  readonly target: Target;
}

/**
 * Our server as `npm start` runs it (compiled, with its node flags), signed in as admin (account
 * type: the first value of the contract's enum). `env` adds to the server's environment
 * (NODE_ENV=production serves the built console from dist/). `build` compiles `root`'s server
 * first: this tree's by default; an older tree's is built by its own script (bench/against-tree.ts).
 */
export async function startOurs(
  root: string,
  dbFile: string,
  log: string,
  env: Record<string, string> = {},
  build: () => Promise<void> = () => buildServer(),
): Promise<Running> {
  // BENCH_PORT: a fixed port, for a machine whose sessions share port ranges.
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  await build();
  const server = await startServer("our server", process.execPath, serverNodeArgs(), {
    cwd: root,
    log,
    env: { PORT: String(port), HOST: "127.0.0.1", DB_FILE: dbFile, LOG_LEVEL: "warn", ...env },
    port,
    readyPath: "/",
    readyMs: 60_000,
  });
  try {
    const token = await login(server.base, contract.enums.account_type?.[0] ?? "enterprise");
    return { server, target: { kind: "ours", base: server.base, token } };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

export async function startJsonServer(jsonFile: string, log: string, readyMs = 60_000): Promise<Running> {
  const port = await freePort();
  const bin = join(dirname(require.resolve("json-server/package.json")), "lib/cli/bin.js");
  const args = [bin, jsonFile, "--host", "127.0.0.1", "--port", String(port), "--quiet"];
  const server = await startServer("json-server", process.execPath, args, {
    cwd: dirname(jsonFile),
    log,
    port,
    readyPath: "/employees/1",
    readyMs,
  });
  return { server, target: { kind: "json-server", base: server.base } };
}

export const versionOf = (name: string): string => (require(`${name}/package.json`) as { version: string }).version;
