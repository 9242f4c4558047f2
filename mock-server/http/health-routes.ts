// Health for a load balancer or an orchestrator, outside the API and its access rules:
//   GET /healthz  200 while the process lives and its event loop turns (liveness: restart it if not);
//   GET /readyz   200 only while the database answers a trivial query within READY_TIMEOUT_MS
//                 (readiness: send it traffic only then), else 503.
// A graceful stop (processes/graceful-stop.ts) first marks the app draining: /readyz answers 503
// while the process gives its jobs up and, with DRAIN_SECONDS, keeps serving so a balancer notices;
// then fastify closes, answering every new request 503 while in-flight requests finish.
// Neither counts against a rate limit or writes a request log line: a balancer asks every few seconds.
import type { FastifyInstance } from "fastify";
import type { Store } from "../db/store";

export const READY_TIMEOUT_MS = 1_000;

const draining = new WeakSet<Store>();

/** From now on the app's /readyz answers 503: it is stopping. */
export function startDraining(app: FastifyInstance): void {
  draining.add(app.consoleContext.store);
}

export function registerHealthRoutes(app: FastifyInstance, store: Store): void {
  app.get("/healthz", { logLevel: "silent" }, (_request, reply) => reply.send({ status: "ok" }));
  app.get("/readyz", { logLevel: "silent" }, async (_request, reply) => {
    const problem = draining.has(store) ? "the server is stopping" : await databaseProblem(store);
    if (problem) return reply.code(503).header("Retry-After", "1").send({ status: "unavailable", reason: problem });
    return { status: "ready", engine: store.engineName };
  });
}

/** Why the database cannot serve now, or undefined when it answered in time. */
async function databaseProblem(store: Store): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((settle) => {
    timer = setTimeout(() => settle(`the database did not answer within ${READY_TIMEOUT_MS} ms`), READY_TIMEOUT_MS);
  });
  const answered = store.get("SELECT 1 AS ready").then(
    () => undefined,
    () => "the database did not answer",
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
