import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { startAutovacuum } from './db/autovacuum.ts';
import { startSearchIndexFlusher } from './modules/catalog/service.ts';
import { loggerOptions } from './lib/logger.ts';
import { createTtlCache, type TtlCache } from './lib/ttl-cache.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerDemoOnly } from './plugins/demo-only.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { inputGuardOptions, registerInputGuard } from './plugins/input-guard.ts';
import { registerCallerFirst } from './plugins/caller-first.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { registerDraining } from './plugins/draining.ts';
import { registerHealth } from './plugins/health.ts';
import { registerReadRouting } from './plugins/read-routing.ts';
import { registerRouteTable } from './plugins/route-table.ts';
import { helmetHeaders, registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStaticWeb } from './plugins/static-web.ts';
import { registerShopChanges } from './plugins/shop-changes.ts';
import { registerStaffAuth } from './plugins/staff-auth.ts';
import { registerSwagger } from './plugins/swagger.ts';
import { configureOrderCaches, foldFunnelDeltas, refreshSalesDays } from './modules/order/service.ts';
import { paymentContext, type PaymentContext } from './modules/payment/service.ts';
import { registerLiveEvents } from './plugins/live-events.ts';
import { registerRoutes } from './routes/index.ts';
import { createAnalyticsRecorder, type AnalyticsRecorder } from './modules/analytics/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Catalogue answers shared by every session of a shop, keyed `<shopId>|…` (see routes/storefront/catalog.ts). */
    catalogCache: TtlCache<object>;
    /** What every payment call shares (gateways, captcha), built once per app (modules/payment/context.ts). */
    payments: PaymentContext;
    /** Catalogue events counted in memory and written in batches (modules/analytics/recorder.ts). */
    analytics: AnalyticsRecorder;
  }
}

z.config(z.locales.pt());

export type AppOptions = {
  db: Db;
  config: Config;
  logger?: boolean;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream;
};

/** Fastify's `trustProxy` for TRUST_PROXY: a hop count trusts that many proxies nearest the server. */
function trustProxyOption(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** Builds the HTTP app (API, docs, media, SPA) on an open, migrated database. */
export async function buildApp({
  db,
  config,
  logger = true,
  logStream,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? loggerOptions(config.logLevel, logStream) : false,
    bodyLimit: 256 * 1024,
    routerOptions: { maxParamLength: 4096 },
    trustProxy: trustProxyOption(config.trustProxy),
    ...inputGuardOptions(helmetHeaders(config)),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('payments', paymentContext({ db, config }));
  // Past its TTL a catalogue answer is served for up to 50 s more while one refresh runs (docs/decisions/0011).
  app.decorate(
    'catalogCache',
    createTtlCache<object>({ max: 5_000, ttlMs: config.cache.catalogTtlMs, staleMs: 50_000 }),
  );
  configureOrderCaches(config.cache.catalogTtlMs);
  const analytics = createAnalyticsRecorder(db, {
    flushMs: 5_000,
    retentionMonths: 13,
    onError: (error) => app.log.warn({ err: error }, 'analytics flush failed'),
    refresh: async () => {
      await refreshSalesDays(db);
      await foldFunnelDeltas(db);
    },
  });
  app.decorate('analytics', analytics);
  app.addHook('onClose', () => analytics.close());
  // PGlite has no autovacuum daemon: its dead rows and planner statistics are kept by this (db/autovacuum.ts).
  const stopAutovacuum = startAutovacuum(db, {
    onError: (error) => app.log.warn({ err: error }, 'autovacuum failed'),
  });
  app.addHook('onClose', () => stopAutovacuum());
  // A console change's search index entries, merged off the owner's save (modules/catalog/search-index.ts).
  const stopSearchIndexFlusher = startSearchIndexFlusher(db, {
    onError: (error) => app.log.warn({ err: error }, 'search index flush failed'),
  });
  app.addHook('onClose', () => stopSearchIndexFlusher());
  registerLiveEvents(app);
  await registerReadRouting(app, db); // before the shop changes, which tell it of each change
  await registerShopChanges(app);

  // The edge first (docs/decisions/0015): headers, input checks, rate limits and demo fencing apply to every
  // route declared after them; the route table sees them all (the attacker's suite walks it).
  registerRouteTable(app);
  registerDraining(app);
  await registerSecurityHeaders(app);
  registerInputGuard(app);
  await registerRateLimits(app);
  registerDemoOnly(app);
  const spaFallback = await registerStaticWeb(app);
  registerErrorHandler(app, { spaFallback });
  await registerAuth(app);
  await registerStaffAuth(app);
  registerCallerFirst(app);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await registerSwagger(app);

  registerHealth(app, db, { replicas: () => app.readReplicas?.status() ?? null });

  await registerRoutes(app);
  return app;
}
