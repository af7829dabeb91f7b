/**
 * Live console events (docs/decisions/0022): the process's shop event bus (one LISTEN, fanned out by shop), the
 * open event streams (ended before the server closes, so a shutdown never waits on a browser), and the hourly
 * pruning of old shop_events rows.
 */
import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../db/event-bus.ts';
import { pruneShopEvents, shopEventBus } from '../modules/live-events/stream.ts';

declare module 'fastify' {
  interface FastifyInstance {
    shopEvents: EventBus;
    /** Ends `end` when the server closes; answers the function that forgets it (the stream ended first). */
    trackStream(end: () => void): () => void;
  }
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;

export function registerLiveEvents(app: FastifyInstance) {
  const streams = new Set<() => void>();
  app.decorate('shopEvents', shopEventBus(app.db));
  app.decorate('trackStream', (end: () => void) => {
    streams.add(end);
    return () => void streams.delete(end);
  });
  let prune: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    prune = setInterval(() => void pruneShopEvents(app.db).catch(() => undefined), PRUNE_EVERY_MS);
    prune.unref();
  });
  app.addHook('preClose', async () => {
    if (prune) clearInterval(prune);
    for (const end of [...streams]) end();
  });
}
