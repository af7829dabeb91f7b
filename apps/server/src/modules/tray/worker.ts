/**
 * The in-process Tray worker: runs import jobs, queues the periodic sync of every linked store and
 * refreshes access tokens before they expire (so refresh tokens stay alive too). Several instances may
 * run it against one PostgreSQL: jobs and refreshes are leased in the database.
 *
 * Start it after `app.listen` in server.ts: `startTrayWorker(app);`. Tests call `drainTrayJobs(app)`.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { pollers, type Poller } from '../../lib/poller.ts';
import { forgetShopProducts } from '../order/service.ts';
import { runImportSlice } from './import-runner.ts';
import { enqueueImport, FULL_IMPORT_EVERY_MS, linksDueForSync, type JobRow } from './job-repository.ts';
import { linksExpiringBefore } from './link-repository.ts';
import { trayContext, type TrayContext } from './tray-context.ts';

export type TrayWorkerOptions = {
  /** Pause when there is nothing to do (default 2 s). */
  idleMs?: number;
  /** Product pages per slice before a job goes back in the queue (default 10). */
  pagesPerSlice?: number;
  /** How often to queue due syncs and refresh expiring tokens (default 60 s). */
  housekeepingMs?: number;
};

const workers = pollers<Db>();

/** Starts the worker loop (once per app); returns null when Tray is not configured. */
export function startTrayWorker(app: FastifyInstance, options: TrayWorkerOptions = {}): Poller | null {
  const existing = workers.running(app.db);
  if (existing) return existing;
  if (!app.config.tray.consumerKey || !app.config.tray.tokenKey) return null;
  const context = trayContext(app);
  const housekeepingMs = options.housekeepingMs ?? 60_000;
  let lastHousekeeping = 0;
  return workers.start(app.db, {
    idleMs: options.idleMs ?? 2000,
    round: async () => {
      if (Date.now() - lastHousekeeping >= housekeepingMs) {
        lastHousekeeping = Date.now();
        await housekeeping(context);
      }
      const job = await runImportSlice(context.importContext(), { maxPages: options.pagesPerSlice ?? 10 });
      // Imported products show at once in this process; other instances see them within the cache TTL.
      if (job) {
        app.catalogCache.deletePrefix(`${job.shop_id}|`);
        forgetShopProducts(job.shop_id);
      }
      return job !== null;
    },
    onError: (error) => context.log.error({ err: error }, 'tray worker error'),
  });
}

/** Stops the app's worker, if one runs (the Tray routes call it when the app closes). */
export async function stopTrayWorker(app: FastifyInstance): Promise<void> {
  await workers.stop(app.db);
}

/**
 * Where a periodic sync starts (issue 33): incremental from the last finished import's start while the last full
 * import is younger than a week, else null (a full import, which also removes what Tray no longer has). Tray's
 * daily budget (10,000 requests) does not allow a full re-import of a large catalogue every few hours.
 */
export function syncSince(
  link: { last_done: Date | null; last_full: Date | null },
  now = Date.now(),
): Date | null {
  if (!link.last_done || !link.last_full) return null;
  if (now - new Date(link.last_full).getTime() >= FULL_IMPORT_EVERY_MS) return null;
  return new Date(link.last_done);
}

/** Queues due syncs and refreshes tokens that expire within 15 minutes. */
async function housekeeping(context: TrayContext): Promise<void> {
  for (const link of await linksDueForSync(context.db, context.tray.syncIntervalMs)) {
    await enqueueImport(context.db, link.shop_id, link.id, syncSince(link));
  }
  for (const linkId of await linksExpiringBefore(context.db, new Date(Date.now() + 15 * 60_000))) {
    await context.tokens.get(linkId).catch((error: unknown) => {
      context.log.warn(
        { linkId, error: error instanceof Error ? error.message : 'erro' },
        'tray token refresh failed',
      );
    });
  }
}

/** Runs due import jobs until none is left (tests and CLIs); returns the jobs it worked on, last state first. */
export async function drainTrayJobs(
  app: FastifyInstance,
  options: { maxSlices?: number; pagesPerSlice?: number } = {},
) {
  const context = trayContext(app);
  const seen: JobRow[] = [];
  for (let i = 0; i < (options.maxSlices ?? 100); i++) {
    const job = await runImportSlice(context.importContext(), { maxPages: options.pagesPerSlice });
    if (!job) break;
    seen.unshift(job);
  }
  return seen;
}
