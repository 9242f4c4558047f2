// The real mock server on a loopback port, and a global fetch that sends the console's relative
// paths to it: the typed clients run unchanged, as they would behind the console's own origin.
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../mock-server/app";
import type { ServerContract } from "../../schema/contract/server-contract";

export const SEED_ANCHOR = "2024-06-01";

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly origin: string;
  /** Restores the global fetch and closes the server. */
  close(): Promise<void>;
}

export async function startServer(contract: ServerContract): Promise<RunningServer> {
  const now = Date.parse(`${SEED_ANCHOR}T10:00:00Z`);
  const app = await buildApp({ contract, dbFile: ":memory:", seedAnchor: SEED_ANCHOR, clock: () => now, docs: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const realFetch = globalThis.fetch;
  // request() builds "/api/..." (and "/loginlog/api/..." for the login log); only those move.
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
    realFetch(typeof input === "string" && input.startsWith("/") ? `${origin}${input}` : input, init);

  return {
    app,
    origin,
    async close() {
      globalThis.fetch = realFetch;
      await app.close();
    },
  };
}
