// A graceful stop of one server process (SIGTERM or SIGINT): /readyz turns 503 at once, so a
// balancer stops sending new traffic; the process's generation jobs stop after their current
// chunk and give their leases up, so another process takes them over at its next poll instead of
// waiting for the lease to expire; with DRAIN_SECONDS it keeps serving that long (a balancer polls
// /readyz every few seconds); then fastify stops accepting and finishes in-flight requests, and the
// database closes.
import type { FastifyInstance } from "fastify";
import { generationJobs } from "../domain/codes/code-jobs/generation-job";
import { startDraining } from "../http/health-routes";

export async function gracefulStop(app: FastifyInstance, drainMs: number): Promise<void> {
  startDraining(app);
  await generationJobs(app.consoleContext).close();
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
  await app.close();
}

/** DRAIN_SECONDS: how long a stopping process keeps serving with /readyz at 503 (default 0). */
export function drainMs(env: NodeJS.ProcessEnv): number {
  const seconds = Number(env.DRAIN_SECONDS ?? 0);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}
