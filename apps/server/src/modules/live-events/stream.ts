/**
 * A shop's live event stream for the console (server-sent events, docs/decisions/0022): on a wake-up from the
 * bus, a heartbeat or a start, it reads the shop's shop_events rows after the last one sent and writes each as an
 * SSE message whose id is the row id. A browser reconnecting with Last-Event-ID is sent the rows after it; when
 * it was away longer than the rows are kept (or too many happened), it gets `event: resync` and re-reads.
 */
import type { Db } from '../../db/client.ts';
import { eventBus, type EventBus } from '../../db/event-bus.ts';
import { commitSafeCursor, sequenceHigh } from './commit-safe.ts';
import { oneReadAtATime } from './one-read-at-a-time.ts';
import {
  latestEventId,
  listEventsAfter,
  listEventsSince,
  pruneEvents,
  SHOP_EVENTS_SEQUENCE,
} from './repository.ts';

export const SHOP_EVENTS_CHANNEL = 'vitrine_events';
/** How long shop_events rows are kept: a browser away longer re-reads the board. */
export const SHOP_EVENTS_KEEP_MS = 24 * 60 * 60 * 1000;
const REPLAY_LIMIT = 500;

/** The process's bus of shop events (one LISTEN, fanned out by shop id). */
export function shopEventBus(db: Db): EventBus {
  return eventBus(db, SHOP_EVENTS_CHANNEL, (payload) =>
    typeof payload.shop === 'string' ? payload.shop : null,
  );
}

/** Deletes shop events past SHOP_EVENTS_KEEP_MS; run now and then by every instance. */
export const pruneShopEvents = (db: Db) => pruneEvents(db, SHOP_EVENTS_KEEP_MS);

export type StreamOptions = {
  db: Db;
  bus: EventBus;
  shopId: string;
  /** The Last-Event-ID the browser sent, if any. */
  lastEventId: number | null;
  heartbeatMs: number;
  /** Writes raw SSE text to the connection. */
  write: (chunk: string) => void;
};

/**
 * Starts the stream; answers the function that stops it (on disconnect). What it reads is commit-safe
 * (commit-safe.ts): an event whose transaction commits after a higher id was sent is still sent, and the SSE id
 * a browser resumes from never lies past an event still to come.
 */
export async function openShopEventStream(o: StreamOptions): Promise<() => Promise<void>> {
  let stopped = false;
  // Subscribed before the start is read: an event committed after it is heard, whatever its id.
  const heard: number[] = [];
  let onWake: (id: number | null) => void = (id) => void (id !== null && heard.push(id));
  const unsubscribe = await o.bus.subscribe(o.shopId, (payload) =>
    onWake(typeof payload?.id === 'number' ? payload.id : null),
  );
  const cursor = commitSafeCursor(o.lastEventId ?? (await latestEventId(o.db, o.shopId)));
  /** The id the browser holds (it sends it back on reconnect) and the newest event id written. */
  let browserId = cursor.floor;
  let maxWritten = cursor.floor;
  const restart = async () => {
    cursor.reset(await latestEventId(o.db, o.shopId));
    browserId = maxWritten = cursor.floor;
    o.write(`id: ${browserId}\nevent: resync\ndata: {}\n\n`);
  };

  const read = async () => {
    const high = await sequenceHigh(o.db, SHOP_EVENTS_SEQUENCE);
    const late = cursor.late();
    const { rows, snapshot } = await listEventsSince(
      o.db,
      o.shopId,
      { floor: cursor.floor, written: cursor.writtenAbove(), late },
      REPLAY_LIMIT + 1,
    );
    if (stopped) return;
    if (rows.length > REPLAY_LIMIT) return restart();
    for (const row of rows) {
      if (!cursor.take(row.id)) continue;
      o.write(
        `id: ${row.id}\nevent: order\ndata: ${JSON.stringify({ type: row.type, orderId: row.order_id })}\n\n`,
      );
      browserId = row.id;
      maxWritten = Math.max(maxWritten, row.id);
    }
    cursor.settle(high, snapshot, late);
    const resume = cursor.resumeId(maxWritten);
    if (resume !== browserId) o.write(`id: ${resume}\n\n`);
    browserId = resume;
  };
  const catchUp = oneReadAtATime(read, () => !stopped);

  o.write(`retry: 3000\n\n`);
  if (o.lastEventId !== null) {
    const oldest = await listEventsAfter(o.db, o.shopId, 0, 1);
    if (oldest[0] && oldest[0].id > o.lastEventId) await restart();
  }
  onWake = (id) => {
    if (id !== null) cursor.heard(id);
    catchUp();
  };
  heard.forEach((id) => cursor.heard(id));
  catchUp();
  const heartbeat = setInterval(() => {
    o.write(': ping\n\n');
    catchUp();
  }, o.heartbeatMs);
  return async () => {
    stopped = true;
    clearInterval(heartbeat);
    await unsubscribe();
  };
}
