// GET /api/dashboard/today for every signed-in account (the dashboard is the pinned home tab,
// spec §2). Figures are recomputed only after a write to one of their tables.
import type { AppContext } from "../context";
import { envelopeSchema } from "../envelope";
import type { RouteTable } from "../http/route-table";
import { dashboardToday, type DashboardToday } from "./dashboard-figures";

const TABLES = ["trace_codes", "production_orders", "waybills", "consumer_scans", "consumer_warnings"];

export function registerDashboardRoute(ctx: AppContext, routes: RouteTable): void {
  let cached: { stamp: string; figures: DashboardToday } | undefined;
  routes.add({
    endpoint: { method: "GET", path: "/api/dashboard/today" },
    owner: "dashboard.today",
    access: {},
    response: envelopeSchema({ type: "object" }),
    tags: ["dashboard"],
    summary: "Today's figures and the last seven days",
    handler: () => {
      const stamp = [new Date(ctx.clock()).toISOString().slice(0, 10), ...TABLES.map((table) => ctx.store.version(table))].join(",");
      if (cached?.stamp !== stamp) cached = { stamp, figures: dashboardToday(ctx) };
      return cached.figures;
    },
  });
}
