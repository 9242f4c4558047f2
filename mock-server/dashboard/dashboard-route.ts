// GET /api/dashboard/today for every signed-in account (the dashboard is the pinned home tab,
// spec §2). "Today" is the enterprise's business day, the same for every viewer wherever they
// are. Figures are recomputed only after a write to one of their tables, a new day or a new zone.
import type { AppContext } from "../context";
import { envelopeSchema } from "../envelope";
import { callRoute, type RouteTable } from "../http/route-table";
import { CALLS } from "../../schema/contract/calls";
import { businessDayOf } from "../time/business-day";
import { businessZone } from "../time/business-zone";
import { dashboardToday, type DashboardToday } from "./dashboard-figures";

const TABLES = ["trace_codes", "production_orders", "waybills", "consumer_scans", "consumer_warnings"];

export function registerDashboardRoute(ctx: AppContext, routes: RouteTable): void {
  let cached: { stamp: string; figures: DashboardToday } | undefined;
  routes.add({
    ...callRoute(CALLS.dashboardToday, {}),
    response: envelopeSchema({ type: "object" }),
    tags: ["dashboard"],
    handler: async () => {
      const zone = await businessZone(ctx);
      const today = businessDayOf(ctx.clock(), zone);
      const stamp = [zone, today, ...TABLES.map((table) => ctx.store.version(table))].join(",");
      if (cached?.stamp !== stamp) cached = { stamp, figures: await dashboardToday(ctx, zone) };
      return cached.figures;
    },
  });
}
