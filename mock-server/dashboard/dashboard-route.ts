// GET /api/dashboard/today for every signed-in account (the dashboard is the pinned home tab,
// spec §2). `tz` is the viewer's offset from UTC in minutes (the console sends its own), so
// "today" is the viewer's day. Figures are recomputed only after a write to one of their tables.
import type { AppContext } from "../context";
import { envelopeSchema } from "../envelope";
import { callRoute, type RouteTable } from "../http/route-table";
import { CALLS } from "../../schema/contract/calls";
import { dashboardToday, type DashboardToday } from "./dashboard-figures";

const TABLES = ["trace_codes", "production_orders", "waybills", "consumer_scans", "consumer_warnings"];

export function registerDashboardRoute(ctx: AppContext, routes: RouteTable): void {
  // One answer per offset in use, each valid until the day turns or one of its tables is written.
  const cached = new Map<number, { stamp: string; figures: DashboardToday }>();
  routes.add({
    ...callRoute(CALLS.dashboardToday, {}),
    response: envelopeSchema({ type: "object" }),
    tags: ["dashboard"],
    handler: (_request, query) => {
      const offset = typeof query.tz === "number" ? query.tz : 0;
      const today = new Date(ctx.clock() + offset * 60_000).toISOString().slice(0, 10);
      const stamp = [today, ...TABLES.map((table) => ctx.store.version(table))].join(",");
      let entry = cached.get(offset);
      if (entry?.stamp !== stamp) cached.set(offset, (entry = { stamp, figures: dashboardToday(ctx, offset) }));
      return entry.figures;
    },
  });
}
