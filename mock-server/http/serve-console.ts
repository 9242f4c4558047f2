// `npm start`: the built console from the same origin, with history-mode fallback (spec §2:
// history mode) — any GET outside /api that is not a file answers dist/index.html.
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { relative, sep } from "node:path";
import { notFoundHandler } from "../errors";

/** Vite names every file under assets/ by its content's hash: a name never changes content. */
const HASHED_DIR = `assets${sep}`;
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "public, max-age=0";

export async function serveConsole(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: ["index.html"],
    // The hashed files are kept without asking again (a screen's ~25 chunks, each revalidated with
    // a 304 round trip, would take most of a menu click on a busy server); index.html
    // and the unhashed files are asked for again each time, so a new build shows at once.
    cacheControl: false,
    setHeaders: (response, path) => {
      response.setHeader("cache-control", relative(root, path).startsWith(HASHED_DIR) ? IMMUTABLE : REVALIDATE);
    },
  });
}

/** The not-found handler when the console is served: pages fall back to the app, calls get 404. */
export function historyFallback(request: FastifyRequest, reply: FastifyReply): void {
  const path = request.url.split("?")[0];
  if ((request.method === "GET" || request.method === "HEAD") && !path.startsWith("/api/") && path !== "/api") {
    void reply.type("text/html").sendFile("index.html");
    return;
  }
  notFoundHandler(request, reply);
}
