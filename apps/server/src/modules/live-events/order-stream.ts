/**
 * An order's live event stream for the storefront (server-sent events, docs/decisions/0026-live-order.md): the
 * shopper's and the agent's screens of one order listen to it. Opened by a session of the order's customer (any
 * other caller: 404, before anything is streamed). It starts with `event: hello` (the order's version and
 * status, read after subscribing, so nothing slips between), then each event after the last one sent as
 * `event: order` ({orderId, version, kind, actor, status, paymentStatus of a payment event}) with its id as the SSE
 * id: the order's newest change (kept on its row, docs/decisions/0027-live-order-events-on-orders.md) and each
 * payment row. A wake-up from the bus is the only thing that reads: an idle stream costs the database nothing (the
 * heartbeat only writes a comment). Last-Event-ID replays what came after it (changes of the order since then as
 * one event, its newest); an id beyond the order's newest (not this order's) makes the hello say `resync` and the
 * browser re-reads the order.
 */
import type { Db } from '../../db/client.ts';
import { eventBus, type EventBus } from '../../db/event-bus.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserOrder } from '../order/service.ts';
import type { SessionContext } from '../session/service.ts';
import { commitSafeCursor, sequenceHigh, type CommitSafeCursor } from './commit-safe.ts';
import { oneReadAtATime } from './one-read-at-a-time.ts';
import {
  listOrderEventsSince,
  ORDER_EVENTS_SEQUENCE,
  orderEventsStart,
  pruneOrderEvents,
} from './order-repository.ts';

export const ORDER_EVENTS_CHANNEL = 'vitrine_order_events';
/** How long payment rows of order_events are kept (the order's own newest change is always on its row). */
export const ORDER_EVENTS_KEEP_MS = 24 * 60 * 60 * 1000;
/** More rows missed than this: the browser is told to re-read (it only needs the newest state). */
const REPLAY_LIMIT = 200;

/** The process's bus of order events (one LISTEN, fanned out by order id). */
export function orderEventBus(db: Db): EventBus {
  return eventBus(db, ORDER_EVENTS_CHANNEL, (payload) =>
    typeof payload.order === 'string' ? payload.order : null,
  );
}

/** Deletes order events past ORDER_EVENTS_KEEP_MS; run now and then by every instance. */
export const pruneOldOrderEvents = (db: Db) => pruneOrderEvents(db, ORDER_EVENTS_KEEP_MS);

/** Writes raw SSE text to the connection. */
export type SseWrite = (chunk: string) => void;

/** One timer for every open stream of a process: each beat writes a comment line to all of them. */
export function heartbeats(everyMs: number) {
  const writers = new Set<SseWrite>();
  let timer: NodeJS.Timeout | null = null;
  return {
    add(write: SseWrite): () => void {
      writers.add(write);
      timer ??= setInterval(() => writers.forEach((w) => w(': ping\n\n')), everyMs);
      return () => {
        writers.delete(write);
        if (writers.size === 0 && timer) {
          clearInterval(timer);
          timer = null;
        }
      };
    },
  };
}
export type Heartbeats = ReturnType<typeof heartbeats>;

export type OrderStreamOptions = {
  db: Db;
  bus: EventBus;
  heartbeats: Heartbeats;
  session: SessionContext;
  orderId: string;
  /** The Last-Event-ID the browser sent, if any. */
  lastEventId: number | null;
};

/**
 * Checks that the session may follow the order (404 'Pedido não encontrado.' otherwise, nothing written yet)
 * and answers the function that starts the stream on `write` and answers the function that stops it.
 */
export async function orderEventStream(
  o: OrderStreamOptions,
): Promise<(write: SseWrite) => Promise<() => Promise<void>>> {
  const order = await findUserOrder(o.db, o.session.shopId, o.session.userId, o.orderId);
  if (!order) throw new AppError('notFound', 'orderNotFound');
  return async (write) => {
    let cursor: CommitSafeCursor | null = null;
    const heard: number[] = [];
    /** The id the browser holds (it sends it back on reconnect) and the newest event id written. */
    let browserId = 0;
    let maxWritten = 0;
    let stopped = false;

    const restart = async (active: CommitSafeCursor) => {
      const start = await orderEventsStart(o.db, o.orderId, null);
      active.reset(start.latest);
      browserId = maxWritten = start.latest;
      write(hello(start.latest, o.orderId, start.version, start.status, true));
    };
    // Commit-safe (commit-safe.ts): a change committed after a higher id was sent is still sent.
    const read = async () => {
      const active = cursor!;
      const high = await sequenceHigh(o.db, ORDER_EVENTS_SEQUENCE);
      const late = active.late();
      const { rows, snapshot } = await listOrderEventsSince(
        o.db,
        o.orderId,
        { floor: active.floor, written: active.writtenAbove(), late },
        REPLAY_LIMIT + 1,
      );
      if (stopped) return;
      if (rows.length > REPLAY_LIMIT) return restart(active);
      for (const row of rows) {
        if (!active.take(row.id)) continue;
        const data = {
          orderId: o.orderId,
          version: row.version,
          kind: row.kind,
          actor: row.actor,
          status: row.status,
          ...(row.payment_status === null ? {} : { paymentStatus: row.payment_status }),
        };
        write(`id: ${row.id}\nevent: order\ndata: ${JSON.stringify(data)}\n\n`);
        browserId = row.id;
        maxWritten = Math.max(maxWritten, row.id);
      }
      active.settle(high, snapshot, late);
      const resume = active.resumeId(maxWritten);
      if (resume !== browserId) write(`id: ${resume}\n\n`);
      browserId = resume;
    };
    const catchUp = oneReadAtATime(read, () => cursor !== null && !stopped);

    write('retry: 3000\n\n');
    // Subscribed first, then the start read: a change committed in between is in the rows after `sent`, and one
    // committed later with a lower id is named by its notification.
    const unsubscribe = await o.bus.subscribe(o.orderId, (payload) => {
      const id = typeof payload?.id === 'number' ? payload.id : null;
      if (id !== null && cursor) cursor.heard(id);
      else if (id !== null) heard.push(id);
      catchUp();
    });
    const start = await orderEventsStart(o.db, o.orderId, o.lastEventId);
    const resumes = o.lastEventId !== null && start.knowsLast;
    const sent = resumes ? o.lastEventId! : start.latest;
    browserId = maxWritten = sent;
    write(hello(sent, o.orderId, start.version, start.status, o.lastEventId !== null && !resumes));
    cursor = commitSafeCursor(sent);
    for (const id of heard) cursor.heard(id);
    // A new stream starts at the order's newest state (the hello): it reads only to replay, or for what it heard.
    if (resumes || heard.length > 0) catchUp();
    const stopBeats = o.heartbeats.add(write);
    return async () => {
      stopped = true;
      stopBeats();
      await unsubscribe();
    };
  };
}

function hello(id: number, orderId: string, version: number, status: number, resync: boolean): string {
  return `id: ${id}\nevent: hello\ndata: ${JSON.stringify({ orderId, version, status, resync })}\n\n`;
}
