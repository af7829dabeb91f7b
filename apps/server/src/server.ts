import { mkdirSync } from 'node:fs';
import { loadConfig } from './config.ts';
import { openDb, type Db } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { seedDemo } from './db/seed/demo.ts';
import { buildApp } from './app.ts';
import { printDemoLinks } from './flows/session/demo-links.ts';
import { startTrayWorker } from './modules/tray/service.ts';
import { startCatalogImports } from './routes/console/catalog-sheets.ts';
import { startDraining } from './plugins/draining.ts';
import { databaseRegistry } from './modules/messaging/service.ts';
import { startOutboxWorker, stopOutboxWorker } from './modules/outbox/service.ts';
import { startRecoveryWorker, stopRecoveryWorker } from './flows/recovery/worker.ts';
import {
  paymentCancelJobs,
  paymentChargeJobs,
  startPaymentSweeper,
  startPixReconciler,
  stopPaymentSweeper,
  stopPixReconciler,
} from './modules/payment/service.ts';
import { staffEmailJobs } from './flows/team/staff-email.ts';
import { whatsAppWebhookJobs } from './flows/messages/whatsapp-webhook.ts';

const started = Date.now();
const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    // A refusal to start (config-production.ts) names the variables; no stack trace, no value.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
})();

let db: Db;
if (config.databaseUrl) {
  db = await openDb({ databaseUrl: config.databaseUrl });
} else {
  mkdirSync(config.dataDir, { recursive: true });
  db = await openDb({ dataDir: config.dataDir });
}
await migrate(db);
if (config.seedDemo) await seedDemo(db);

const app = await buildApp({ db, config });

let closing = false;
/**
 * Graceful shutdown (docs/decisions/0020): /healthz turns 503 at once while requests are still served for the
 * drain window (the balancer's time to notice), then the port closes, in-flight requests and the workers'
 * current rows finish, and the database closes. SIGINT (Ctrl-C in a terminal) skips the drain window.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
  startDraining(app);
  app.log.info({ signal, drainMs }, 'draining: /healthz answers 503, still serving');
  const timer = setTimeout(() => process.exit(1), drainMs + 15_000);
  timer.unref();
  try {
    await new Promise((resolve) => setTimeout(resolve, drainMs));
    await Promise.all([app.close(), stopOutboxWorker(app), stopRecoveryWorker(app)]); // app.close() stops the Tray worker too
    stopPaymentSweeper(app);
    stopPixReconciler(app);
    await db.close();
    app.log.info('closed cleanly');
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
startTrayWorker(app);
startCatalogImports(app);
const { payments } = app;
const jobs = {
  ...paymentChargeJobs(payments),
  ...paymentCancelJobs(payments),
  ...staffEmailJobs(app.db, config),
  ...whatsAppWebhookJobs(app.db, app.log),
};
startOutboxWorker(app, { adapters: databaseRegistry(app.db, config.messaging), jobs });
startRecoveryWorker(app);
startPaymentSweeper(app);
startPixReconciler(app);
const replicas = config.readReplicas.urls.length;
const dbLabel = config.databaseUrl
  ? `PostgreSQL${replicas ? ` + ${replicas} réplica${replicas > 1 ? 's' : ''} de leitura` : ''}`
  : `PGlite (${config.dataDir})`;
console.log(`\nVitrine pronta em ${config.publicUrl} — banco: ${dbLabel} — ${Date.now() - started} ms`);
// Links and keys are printed in demo mode only (they open sessions); production prints no secret.
if (config.demoMode && config.seedDemo) await printDemoLinks(db, config);
