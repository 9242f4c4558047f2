// `npm start`: the built console from the same origin, with history-mode fallback (spec §2:
// history mode) — any GET outside /api that is not a file answers dist/index.html.
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { notFoundHandler } from "../errors";

export async function serveConsole(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, { root, wildcard: true, index: ["index.html"] });
}

/** The not-found handler when the console is served: pages fall back to the app, calls get 404. */
export function historyFallback(request: FastifyRequest, reply: FastifyReply): void {
  const path = request.url.split("?")[0]!;
  if ((request.method === "GET" || request.method === "HEAD") && !path.startsWith("/api/") && path !== "/api") {
    void reply.type("text/html").sendFile("index.html");
    return;
  }
  notFoundHandler(request, reply);
}
