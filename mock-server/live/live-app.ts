// One HTTP listener whose fastify app is replaced in place: a development server
// takes a new contract without a restart. The new app is built beside the old one (it migrates the
// database and seeds new tables); calls that arrive meanwhile are answered by the old app. Then
// new calls wait a moment while the old app finishes the calls it holds and closes (its jobs stop
// after their chunk), and the new one starts. Sessions live in the database, so nobody is signed
// out. A contract that fails to build leaves the old app serving.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import { clientErrorHandler } from "../errors";

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** Calls a closing app may still finish before it closes anyway. */
const DRAIN_MS = 5_000;

export interface LiveApp {
  readonly server: Server;
  /** The app answering now. */
  current(): FastifyInstance;
  /** Builds the next app with `build` and swaps it in; resolves false (old app kept) if it fails. */
  replace(build: () => Promise<FastifyInstance>): Promise<boolean>;
  close(): Promise<void>;
}

interface Serving {
  readonly app: FastifyInstance;
  inFlight: number;
  drained?: () => void;
}

export async function liveApp(first: FastifyInstance, onError: (error: unknown) => void): Promise<LiveApp> {
  await first.ready();
  let serving: Serving = { app: first, inFlight: 0 };
  /** While set, calls wait for the next app to be ready. */
  let switching: Promise<void> | undefined;
  let replacing = Promise.resolve(true);

  const dispatch = (target: Serving, request: IncomingMessage, response: ServerResponse) => {
    target.inFlight += 1;
    response.once("close", () => {
      target.inFlight -= 1;
      if (target.inFlight === 0) target.drained?.();
    });
    target.app.routing(request, response);
  };
  const handler: Handler = (request, response) => {
    if (switching) void switching.then(() => dispatch(serving, request, response));
    else dispatch(serving, request, response);
  };

  const drain = (old: Serving) =>
    new Promise<void>((done) => {
      if (old.inFlight === 0) return done();
      const timer = setTimeout(done, DRAIN_MS);
      old.drained = () => {
        clearTimeout(timer);
        done();
      };
    });

  const swap = async (build: () => Promise<FastifyInstance>): Promise<boolean> => {
    let next: FastifyInstance;
    try {
      next = await build();
    } catch (error) {
      onError(error);
      return false;
    }
    const old = serving;
    let open!: () => void;
    switching = new Promise((resolve) => (open = resolve));
    try {
      await drain(old);
      await old.app.close();
      await next.ready();
      serving = { app: next, inFlight: 0 };
      return true;
    } catch (error) {
      // The old app is closed: the next one serves even if a hook of its start failed.
      onError(error);
      serving = { app: next, inFlight: 0 };
      return false;
    } finally {
      switching = undefined;
      open();
    }
  };

  const server = createServer(handler);
  // A malformed request gets the envelope here too, as fastify's own listener gives it.
  server.on("clientError", clientErrorHandler);
  return {
    server,
    current: () => serving.app,
    // One replacement at a time, in the order asked.
    replace: (build) => (replacing = replacing.then(() => swap(build))),
    async close() {
      await replacing;
      const closed = new Promise<void>((done) => server.close(() => done()));
      server.closeAllConnections(); // a browser's kept-alive connections would hold the close
      await closed;
      await serving.app.close();
    },
  };
}
