// The mock server as a fastify plugin with no listen, so tests drive it with inject(); server.ts listens.
// Order: validation and error shaping, database (migrate, permission tree, first seed), docs,
// then the API behind its access hook.
import Fastify, { type FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { apiRoutes } from "./api-routes";
import { SharedDevClock } from "./dev-clock-shared";
import { createContext, type AppContext } from "./context";
import { migrateResources } from "./db/migrate-resources";
import { ensureMonths } from "./db/partitions/growing-tables";
import { layoutNotice } from "./db/partitions/layout-check";
import { createScanIndexes, SCAN_UNINDEXED } from "./public/scan-indexes";
import { createChainIndexes } from "./domain/ledger/chain-indexes";
import { retypeServerTimes } from "./db/server-times";
import { createSystemTables } from "./db/system-tables";
import { IdempotencyKeys } from "./http/idempotency/idempotency-keys";
import { createLedgerTables, fillLedgerIdentities } from "./domain/ledger/ledger-tables";
import { createErrorDeclarationTable } from "./domain/ledger/error-declarations";
import { createCaptureTables } from "./domain/epcis/capture/capture-tables";
import { captureJobs } from "./domain/epcis/capture/capture-jobs";
import { createNamedQueryTable } from "./domain/epcis/named-queries";
import { createSubscriptionTable } from "./domain/epcis/subscriptions/subscription-table";
import { createPartnerKeysTable } from "./domain/partners/partner-keys-table";
import { SubscriptionDeliverer } from "./epcis/subscription-deliverer";
import { EventStreams } from "./epcis/event-streams";
import { routeUpgrades } from "./epcis/websocket-upgrade";
import { DELIVERY_TIMING } from "./epcis/delivery-timing";
import { createProjectionViews } from "./domain/projections/projection-views";
import { registerOpenApi } from "./docs/openapi";
import rateLimit from "@fastify/rate-limit";
import { clientAddress } from "./http/client-address";
import { clientErrorHandler, errorHandler, notFoundHandler } from "./errors";
import { tooManyRequests } from "./refusals";
import { securityHeaders } from "./http/security-headers";
import { historyFallback, serveConsole } from "./http/serve-console";
import { createValidatorCompiler } from "./http/validator-compilers";
import { syncMenuTree } from "./org/menu-sync";
import { registerHealthRoutes } from "./http/health-routes";
import { registerOrgHooks } from "./org/org-hooks";
import { registerDomainHooks } from "./actions/domain-hooks";
import { prepareBusinessCalendar, settleBusinessZone } from "./time/business-zone";
import { registerBusinessZoneHook } from "./time/business-zone-hook";
import { generationJobs } from "./domain/codes/code-jobs/generation-job";
import { createJobLeaseTable } from "./jobs/job-leases";
import { BODY_LIMIT, PLUGIN_TIMEOUT_MS, resolveOptions, type AppOptions } from "./options";
import { isSeeded, seedCreatedTables, seedDatabase } from "./seed/seed-database";
import { loggerOptions, logRequests } from "./http/request-log";
import { watchIpRegionOverrides } from "./public/ip-region-overrides";
import { sharedAddressLimits } from "./public/address-limits";

declare module "fastify" {
  interface FastifyInstance {
    /** The server's shared state; tests reach the database through it. */
    consoleContext: AppContext;
    /** Pushes new ledger events to EPCIS subscribers' webhooks; tests run its rounds by hand. */
    subscriptionDeliverer: SubscriptionDeliverer;
    /** WebSocket subscriptions open in this process; tests push their rounds by hand. */
    eventStreams: EventStreams;
  }
}

/**
 * Tables, their server-owned indexes, the permission tree and the org rules: everything but the
 * routes. Every index exists before the seed runs, so the statistics its ANALYZE writes cover them.
 */
export async function prepareDatabase(ctx: AppContext) {
  await createSystemTables(ctx.store);
  const partitioned = ctx.options.partitionedLayout && ctx.store.engineName === "postgres";
  await createLedgerTables(ctx.store, partitioned);
  await createErrorDeclarationTable(ctx.store);
  await createCaptureTables(ctx.store);
  await createNamedQueryTable(ctx.store);
  await createJobLeaseTable(ctx.store);
  await createSubscriptionTable(ctx.store);
  await createPartnerKeysTable(ctx.store);
  const serverTimes = await retypeServerTimes(ctx.store);
  const migration = await migrateResources(ctx.store, ctx.catalog, SCAN_UNINDEXED, partitioned);
  migration.retypedColumns.unshift(...serverTimes);
  await ensureMonths(ctx.store, ctx.catalog, ctx.clock());
  await createChainIndexes(ctx.store, ctx.catalog);
  await fillLedgerIdentities(ctx);
  await createScanIndexes(ctx);
  // The views date events by the business calendar; PostgreSQL makes a view only over tables that exist.
  await prepareBusinessCalendar(ctx.store, ctx.catalog);
  await createProjectionViews(ctx.store, ctx.catalog);
  await syncMenuTree(ctx.store, ctx.records, ctx.org, ctx.contract.menuTree);
  await ctx.sessions.prune();
  await new IdempotencyKeys(ctx.store, ctx.clock).prune();
  return migration;
}

/** Tables, then the write hooks every write runs through: the app's context, `npm run seed`'s, and a seed's scratch (seed-by-copy.ts). */
export async function prepareAsApp(ctx: AppContext) {
  const migration = await prepareDatabase(ctx);
  registerOrgHooks(ctx);
  await registerDomainHooks(ctx);
  registerBusinessZoneHook(ctx);
  return migration;
}

export const consoleApp = fp(
  async (app: FastifyInstance, options: AppOptions) => {
    const resolved = resolveOptions(options);
    app.setValidatorCompiler(createValidatorCompiler());
    // Response schemas document the API; JSON.stringify keeps every field (labels included).
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    app.setErrorHandler(errorHandler);
    app.setNotFoundHandler(resolved.consoleRoot ? historyFallback : notFoundHandler);

    // Operators' address-to-region corrections stand before the database; a bad file stops the start.
    const overrides = resolved.ipRegionOverrides ? watchIpRegionOverrides(resolved.ipRegionOverrides, app.log) : null;
    if (overrides)
      app.addHook("onClose", (_app, done) => {
        overrides.close();
        done();
      });
    const ctx = createContext(overrides ? { ...resolved, ipRegions: overrides.before(resolved.ipRegions) } : resolved);
    app.decorate("consoleContext", ctx);
    app.addHook("onClose", async () => await ctx.store.close());
    const migration = await prepareAsApp(ctx);
    // The development clock takes the offset the database keeps, which every process shares.
    const devClock = resolved.clockControl && new SharedDevClock(ctx.store, resolved.clockControl);
    await devClock?.load();
    if (migration.createdTables.length || migration.addedColumns.length || migration.retypedColumns.length)
      app.log.info({ migration }, "database migrated");
    // Growing tables on another layout than the configured one are served as they are, never converted here.
    const layout = await layoutNotice(ctx.store, ctx.catalog, resolved.partitionedLayout);
    if (layout) app.log.warn(layout);
    if (resolved.seed && !(await isSeeded(ctx))) {
      const report = await seedDatabase(ctx, {
        scale: resolved.seedScale,
        anchor: resolved.seedAnchor,
        publicOrigin: resolved.publicOrigin,
        prepareScratch: async (scratch) => void (await prepareAsApp(scratch)),
      });
      app.log.info(
        { tables: report.tables.length, rows: report.tables.reduce((sum, table) => sum + table.rows, 0) },
        "seeded demo data",
      );
    } else if (resolved.seed && migration.createdTables.length > 0) {
      const tables = await seedCreatedTables(ctx, migration.createdTables, {
        scale: resolved.seedScale,
        anchor: resolved.seedAnchor,
        publicOrigin: resolved.publicOrigin,
      });
      if (tables.length) app.log.info({ tables }, "seeded new tables");
    }
    await settleBusinessZone(ctx.store, ctx.catalog);
    // Code generation jobs no process holds (a stop or a crash interrupted them) resume now and
    // whenever another process drops one (domain/codes/code-jobs); on close they stop after their
    // current chunk and give their leases up, before the database closes.
    const jobs = generationJobs(ctx);
    app.addHook("onClose", () => jobs.close());
    app.addHook("onReady", async () => {
      await jobs.watch();
    });
    // EPCIS capture jobs under the same leases: one no process holds is taken over and run again
    // (domain/epcis/capture/capture-jobs.ts); on close each stops before its next event.
    const captures = captureJobs(ctx, (error, captureID) =>
      app.log.error({ err: error, captureID }, "capture job failed"),
    );
    app.addHook("onClose", () => captures.close());
    app.addHook("onReady", async () => {
      await captures.watch();
    });
    // EPCIS subscriptions are delivered from the database's cursors (epcis/subscription-deliverer.ts);
    // on close the round under way ends and releases its leases before the database closes.
    const deliverer = new SubscriptionDeliverer(ctx, { ...DELIVERY_TIMING, pollMs: resolved.subscriptionPollMs });
    app.decorate("subscriptionDeliverer", deliverer);
    app.addHook("onClose", () => deliverer.close());
    app.addHook("onReady", (done) => {
      deliverer.start((error) => app.log.error({ err: error }, "subscription delivery round failed"));
      done();
    });
    // WebSocket subscriptions poll the ledger as the deliverer does, at its pace.
    const streams = new EventStreams(ctx, resolved.subscriptionPollMs, DELIVERY_TIMING.batchSize);
    app.decorate("eventStreams", streams);
    // Before the server closes: it waits for every open socket, and a stream's stays open until told.
    app.addHook("preClose", () => streams.close());
    app.addHook("onReady", (done) => {
      streams.start((error) => app.log.error({ err: error }, "websocket subscription round failed"));
      done();
    });
    routeUpgrades(app);
    securityHeaders(app);
    registerHealthRoutes(app, ctx.store);
    // Limits are declared per route (RouteSpec.perAddressPerMinute); the answer is the envelope.
    await app.register(rateLimit, {
      global: false,
      keyGenerator: clientAddress,
      // Counted in the database when other processes may share it (public/address-limits.ts).
      store: sharedAddressLimits(ctx.store),
      errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl, "common.tooManyRequests"),
    });
    if (resolved.docs) await registerOpenApi(app, ctx.contract.title);
    if (resolved.consoleRoot) await serveConsole(app, resolved.consoleRoot);
    await app.register(apiRoutes, {
      ctx,
      devClock,
      contractVersion: resolved.contractVersion,
    });
  },
  { name: "trace-console-mock-server", fastify: "5.x" },
);

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Request logs name the call, never a session token in its query, in one line each.
    ...loggerOptions(options.logger),
    bodyLimit: BODY_LIMIT,
    pluginTimeout: PLUGIN_TIMEOUT_MS,
    // The client address is the connection's unless a trusted proxy says otherwise: a client cannot
    // choose its own address for the per-address limits.
    trustProxy: options.trustProxy ?? false,
    // Errors fastify raises before routing (a malformed URL) get the envelope too.
    frameworkErrors: (error, request, reply) => errorHandler(error, request, reply),
    clientErrorHandler,
  });
  if (options.logger) logRequests(app);
  try {
    await app.register(consoleApp, options);
  } catch (error) {
    // A contract that cannot be served (a development server refuses it and keeps the previous
    // one): the half-built app's database connection and checkpoint worker close with it.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
