// Every API call, registered in one encapsulated scope behind the access hook: the contract's
// resources, then the spec §7 special calls. Unknown handlers or clashing paths fail here,
// at start-up.
import type { FastifyInstance } from "fastify";
import { accessHook } from "./auth/access";
import { keptMustChangePassword, mustChangePassword } from "./auth/password-change";
import { resolvePartnerKey } from "./auth/partner-keys";
import { registerLoginRoutes } from "./auth/login-routes";
import type { AppContext } from "./context";
import { registerDashboardRoute } from "./dashboard/dashboard-route";
import { registerChainLookupRoutes } from "./http/domain-routes/chain-lookup-routes";
import { registerCodeImportRoute } from "./http/domain-routes/code-import-route";
import { registerCodeDownloadRoute } from "./http/domain-routes/code-download-route";
import { registerWaybillFileRoutes } from "./http/domain-routes/waybill-file-routes";
import { RouteTable } from "./http/route-table";
import { IdempotencyKeys } from "./http/idempotency/idempotency-keys";
import { IdempotentWrites } from "./http/idempotency/idempotent-writes";
import { registerAccountRoutes } from "./org/account-routes";
import { registerAddressAreaRoutes } from "./org/address-area-routes";
import { registerMenuTreeRoutes } from "./org/menu-tree-routes";
import { registerIcpNoAuthRoute, registerLoginLogRoutes } from "./org/public-routes";
import { registerConsumerScanRoute } from "./public/consumer-scan";
import { registerSeedImageRoute } from "./public/seed-images";
import { registerActionRoutes } from "./resources/action-routes";
import { registerExportRoute } from "./resources/export/export-route";
import { registerEntityRoutes } from "./resources/entity-routes";
import { registerOptionsRoute } from "./resources/options-route";
import { registerReportRoutes } from "./resources/report-routes";
import { registerTreeRoute } from "./resources/tree-route";
import type { SharedDevClock } from "./dev-clock-shared";
import { registerDevClockRoute } from "./dev-clock-route";
import { registerContractVersionRoute } from "./live/contract-version-route";
import { registerEpcisRoute } from "./http/domain-routes/epcis-route";
import { registerEvidencePhotoRoutes } from "./http/domain-routes/evidence-photo-routes";
import { registerStationBatchRoute } from "./http/domain-routes/station-batch-route";
import { registerEpcisRoutes } from "./epcis/epcis-routes";

export async function apiRoutes(
  app: FastifyInstance,
  options: { ctx: AppContext; devClock?: SharedDevClock; contractVersion?: string },
): Promise<void> {
  const { ctx } = options;
  app.addHook(
    "onRequest",
    accessHook({
      sessions: ctx.sessions,
      grants: ctx.grants,
      menus: ctx.menus,
      passwordChange: {
        kept: (id) => keptMustChangePassword(ctx.store, id),
        read: (id) => mustChangePassword(ctx.store, id),
      },
      partnerKey: (authorization) => resolvePartnerKey(ctx, authorization),
    }),
  );
  const routes = new RouteTable(
    app,
    new IdempotentWrites(ctx.store, new IdempotencyKeys(ctx.store, ctx.clock), ctx.clock),
  );
  registerLoginRoutes(ctx, routes);
  for (const resource of ctx.contract.resources) {
    if (resource.kind === "report") {
      registerReportRoutes(ctx, routes, resource);
      continue;
    }
    const info = ctx.catalog.info(resource.name);
    registerEntityRoutes(ctx, routes, info);
    registerOptionsRoute(ctx, routes, info);
    registerTreeRoute(ctx, routes, info);
    registerActionRoutes(ctx, routes, info);
    registerExportRoute(ctx, routes, info);
  }
  await registerMenuTreeRoutes(ctx, routes);
  registerAccountRoutes(ctx, routes);
  registerAddressAreaRoutes(ctx, routes);
  registerIcpNoAuthRoute(ctx, routes);
  registerLoginLogRoutes(ctx, app, routes);
  registerDashboardRoute(ctx, routes);
  await registerCodeImportRoute(ctx, routes);
  registerCodeDownloadRoute(ctx, routes);
  registerWaybillFileRoutes(ctx, routes);
  registerConsumerScanRoute(ctx, routes);
  registerSeedImageRoute(ctx, routes);
  registerChainLookupRoutes(ctx, routes);
  registerEpcisRoute(ctx, routes);
  registerStationBatchRoute(app, routes);
  await registerEvidencePhotoRoutes(ctx, app);
  // GS1's EPCIS 2.0 query interface: its own paths, headers and problem bodies (mock-server/epcis).
  await registerEpcisRoutes(app, ctx);
  // Development and test servers only: production is built without a clockControl.
  if (options.devClock) registerDevClockRoute(ctx, routes, options.devClock);
  if (options.contractVersion) registerContractVersionRoute(routes, options.contractVersion);
}
