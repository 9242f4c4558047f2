// A station's calls as the browser sends them: alone to their own path, or several together in one
// station batch (POST /api/stations/batch, each with its key). A spec that cuts the network for a
// station's calls cuts both ways, and one that counts a call's attempts reads both.
import type { Page, Request, Route } from "@playwright/test";

const STATION_BATCH = "**/api/stations/batch";

export interface SentCall {
  readonly body: Record<string, unknown>;
  readonly key: string | undefined;
}

/** The calls to `path` a request carries: the request itself, or the calls of a batch to `path`. */
export function callsTo(sent: Request, path: string): SentCall[] {
  if (sent.method() !== "POST") return [];
  if (sent.url().includes(path))
    return [{ body: sent.postDataJSON() as Record<string, unknown>, key: sent.headers()["idempotency-key"] }];
  if (!sent.url().includes("/api/stations/batch")) return [];
  const { calls } = sent.postDataJSON() as { calls: { key: string; path: string; body: Record<string, unknown> }[] };
  return calls.filter((call) => call.path === path).map((call) => ({ body: call.body, key: call.key }));
}

const disconnected = (route: Route) => route.abort("internetdisconnected");

/** The station's calls to `pattern` fail as if the network were gone, sent alone or in a batch. */
export async function cutStationCalls(page: Page, pattern: string): Promise<void> {
  await page.route(pattern, disconnected);
  await page.route(STATION_BATCH, disconnected);
}

export async function restoreStationCalls(page: Page, pattern: string): Promise<void> {
  await page.unroute(pattern, disconnected);
  await page.unroute(STATION_BATCH, disconnected);
}
