/**
 * Live events (docs/decisions/0022, 0026): the process's event buses — shop events for the console board and
 * order events for the storefront, each one LISTEN fanned out in memory — one heartbeat timer for the order
 * streams, the open event streams (ended before the server closes, so a shutdown never waits on a browser), and
 * the hourly pruning of old event rows.
 */
import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../db/event-bus.ts';
import {
  heartbeats,
  orderEventBus,
  pruneOldOrderEvents,
  type Heartbeats,
} from '../modules/live-events/order-stream.ts';
import { pruneShopEvents, shopEventBus } from '../modules/live-events/stream.ts';

declare module 'fastify' {
  interface FastifyInstance {
    shopEvents: EventBus;
    orderEvents: EventBus;
    /** Writes a comment line to every open order stream now and then (proxies keep idle connections open). */
    orderHeartbeats: Heartbeats;
    /** Ends `end` when the server closes; answers the function that forgets it (the stream ended first). */
    trackStream(end: () => void): () => void;
  }
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;
const HEARTBEAT_MS = 15_000;

export function registerLiveEvents(app: FastifyInstance) {
  const streams = new Set<() => void>();
  app.decorate('shopEvents', shopEventBus(app.db));
  app.decorate('orderEvents', orderEventBus(app.db));
  app.decorate('orderHeartbeats', heartbeats(HEARTBEAT_MS));
  app.decorate('trackStream', (end: () => void) => {
    streams.add(end);
    return () => void streams.delete(end);
  });
  let prune: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    prune = setInterval(() => {
      void pruneShopEvents(app.db).catch(() => undefined);
      void pruneOldOrderEvents(app.db).catch(() => undefined);
    }, PRUNE_EVERY_MS);
    prune.unref();
  });
  app.addHook('preClose', async () => {
    if (prune) clearInterval(prune);
    for (const end of [...streams]) end();
  });
}
