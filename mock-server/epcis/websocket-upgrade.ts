// HTTP upgrades reach the routes like any request: the server's 'upgrade' event hands the request
// to fastify's router with a response on the same socket, so the access hook, the error handler
// and the route run as for a GET (as @fastify/websocket does it). A route that streams takes the
// socket (upgradeOf) and hijacks the reply; any other route's answer, a refusal included, is an
// ordinary HTTP response on that socket, which a client must accept (RFC 6455 §4.1).
import { ServerResponse, type IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";

export interface Upgrade {
  readonly socket: Duplex;
  /** Bytes the client sent after its request head (the first frames, rarely). */
  readonly head: Buffer;
}

const upgrades = new WeakMap<IncomingMessage, Upgrade>();

export function routeUpgrades(app: FastifyInstance): void {
  app.server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgrades.set(request, { socket, head });
    const response = new ServerResponse(request);
    response.assignSocket(socket as Socket);
    // The answer ends the exchange: an upgrade request's socket is not kept for another request.
    response.shouldKeepAlive = false;
    response.on("finish", () => socket.end());
    app.routing(request, response);
  });
}

/** The socket of an upgrade request, if this request asked to upgrade. */
export const upgradeOf = (request: FastifyRequest): Upgrade | undefined => upgrades.get(request.raw);
