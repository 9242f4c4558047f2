// GET /api/dev/contract: which contract this development server holds. The
// manifest watch (generator/vite-plugin.ts) waits for the new version here before it tells the open
// console to load its menu again, so the console never asks an old contract for a new screen.
// Registered only when the server reloads its contract in place (server.ts in development).
import { envelopeSchema } from "../envelope";
import { EMPTY_QUERY, type RouteTable } from "../http/route-table";
import { CONTRACT_VERSION_PATH } from "../../schema/contract/live-contract";

export { CONTRACT_VERSION_PATH };

export function registerContractVersionRoute(routes: RouteTable, version: string): void {
  routes.add({
    endpoint: { method: "GET", path: CONTRACT_VERSION_PATH },
    owner: "dev.contract",
    access: { public: true },
    input: EMPTY_QUERY,
    response: envelopeSchema({ type: "object", properties: { version: { type: "string" } } }),
    tags: ["dev"],
    summary: "The version of the contract this development server holds",
    handler: () => ({ version }),
  });
}
