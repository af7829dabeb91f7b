/**
 * Live events (docs/decisions/0022, 0026): the process's event buses — shop events for the console board and
 * order events for the storefront, each one LISTEN fanned out in memory — one heartbeat timer for the order
 * streams, the open event streams (ended before the server closes, so a shutdown never waits on a browser), and
 * the hourly pruning of old event rows.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { EventBus } from '../db/event-bus.ts';
import {
  heartbeats,
  orderEventBus,
  pruneOldOrderEvents,
  type Heartbeats,
  pruneShopEvents,
  shopEventBus,
} from '../modules/live-events/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    shopEvents: EventBus;
    orderEvents: EventBus;
    /** Writes a comment line to every open order stream now and then (proxies keep idle connections open). */
    orderHeartbeats: Heartbeats;
    /**
     * Ends `end` when the server closes, or when one of its `owners` loses access (endStreamsOf); answers the
     * function that forgets it (the stream ended first).
     */
    trackStream(end: () => void, owners?: string[]): () => void;
    /** Ends the open streams of an owner (`staff:<userId>`, `session:<sessionId>`) whose access ended. */
    endStreamsOf(owner: string): void;
  }
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;
const HEARTBEAT_MS = 15_000;

export function registerLiveEvents(app: FastifyInstance) {
  const streams = new Set<() => void>();
  const byOwner = new Map<string, Set<() => void>>();
  app.decorate('shopEvents', shopEventBus(app.db));
  app.decorate('orderEvents', orderEventBus(app.db));
  app.decorate('orderHeartbeats', heartbeats(HEARTBEAT_MS));
  app.decorate('trackStream', (end: () => void, owners: string[] = []) => {
    streams.add(end);
    for (const owner of owners) byOwner.set(owner, (byOwner.get(owner) ?? new Set()).add(end));
    return () => {
      streams.delete(end);
      for (const owner of owners) {
        const set = byOwner.get(owner);
        set?.delete(end);
        if (set?.size === 0) byOwner.delete(owner);
      }
    };
  });
  app.decorate('endStreamsOf', (owner: string) => {
    for (const end of [...(byOwner.get(owner) ?? [])]) end();
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

/** The `Last-Event-ID` request header of an event stream (sent by the browser when it reconnects). */
export const lastEventIdHeaders = z.object({
  'last-event-id': z
    .string()
    .regex(/^\d{1,15}$/, 'Last-Event-ID inválido')
    .optional(),
});

/** The Last-Event-ID of a request whose headers passed `lastEventIdHeaders`, or null. */
export const lastEventIdOf = (request: FastifyRequest): number | null => {
  const last = request.headers['last-event-id'];
  return typeof last === 'string' ? Number(last) : null;
};

/**
 * Answers `request` with a server-sent event stream (call it once the caller is authorised): `start` gets the
 * function that writes to the connection and answers the one that stops the stream, which runs when the browser
 * goes away, the server closes or one of `owners` loses access (app.endStreamsOf).
 */
export async function sendEventStream(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  start: (write: (chunk: string) => void) => Promise<() => Promise<void>>,
  owners: string[] = [],
): Promise<void> {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let stop: (() => Promise<void>) | null = null;
  const end = () => {
    forget();
    void stop?.();
    raw.end();
  };
  const forget = app.trackStream(end, owners);
  request.raw.on('close', end);
  stop = await start((chunk) => raw.write(chunk));
  if (raw.writableEnded) await stop();
}
