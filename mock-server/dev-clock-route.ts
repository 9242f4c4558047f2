// GET/POST /api/dev/clock: read, set or advance the server's clock, for tests and demos that span
// days. Registered only when buildApp gets a `clockControl` (server.ts passes one
// in development and test mode, and with the explicit DEV_CLOCK=1 opt-in the browser tests use; never
// in a plain production start); any signed-in session, as a test driver has. A move moves the clock
// of every process on the database (dev-clock-shared.ts).
import type { AppContext } from "./context";
import type { SharedDevClock } from "./dev-clock-shared";
import { envelopeSchema } from "./envelope";
import { invalid } from "./refusals";
import { EMPTY_QUERY, type RouteTable } from "./http/route-table";
import { message } from "../schema/contract/messages";

export const DEV_CLOCK_PATH = "/api/dev/clock";
const DAY_MS = 86_400_000;

const reading = (ctx: AppContext) => ({ now: new Date(ctx.clock()).toISOString() });

export function registerDevClockRoute(ctx: AppContext, routes: RouteTable, shared: SharedDevClock): void {
  const { clock } = shared;
  const data = envelopeSchema({ type: "object", properties: { now: { type: "string", format: "date-time" } } });
  routes.add({
    endpoint: { method: "GET", path: DEV_CLOCK_PATH },
    owner: "dev.clock",
    access: {},
    input: EMPTY_QUERY,
    response: data,
    tags: ["dev"],
    summary: "The server's clock (development and test servers only)",
    handler: () => reading(ctx),
  });
  routes.add({
    endpoint: { method: "POST", path: DEV_CLOCK_PATH },
    owner: "dev.clock.move",
    access: {},
    input: {
      type: "object",
      additionalProperties: false,
      properties: {
        now: { type: "string", minLength: 1, maxLength: 40, description: "Set the clock to this ISO date-time" },
        advance_minutes: {
          type: "integer",
          minimum: -366 * 24 * 60,
          maximum: 366 * 24 * 60,
          description: "Then move it by this many minutes",
        },
        advance_days: { type: "integer", minimum: -366, maximum: 366, description: "Then move it by this many days" },
      },
    },
    response: data,
    tags: ["dev"],
    summary: "Set or advance the server's clock (development and test servers only)",
    handler: async (_request, body) => {
      const {
        now,
        advance_minutes: minutes,
        advance_days: days,
      } = body as { now?: string; advance_minutes?: number; advance_days?: number };
      if (now === undefined && minutes === undefined && days === undefined)
        throw invalid("now", message("org.clockArguments"));
      let offset = clock.offset();
      if (now !== undefined) {
        const instant = Date.parse(now);
        if (!/^\d{4}-\d{2}-\d{2}T/.test(now) || Number.isNaN(instant))
          throw invalid("now", message("org.clockFormat", { value: String(now) }));
        offset = clock.offsetAt(instant);
      }
      await shared.move(offset + (minutes ?? 0) * 60_000 + (days ?? 0) * DAY_MS);
      return reading(ctx);
    },
  });
}
