/**
 * The live order (docs/decisions/0026-live-order.md), loaded after the first paint: every screen showing an
 * order follows it through the server's event stream of that order (`GET /api/order/{id}/events`).
 *
 * - `followOrder(id, listener)`: one stream per order however many screens follow it; the listener hears the
 *   stream's hello, each change ({version, kind: order | payment, actor}) and, while the stream is blocked, a
 *   `poll` tick every few seconds (the polling fallback).
 * - `startLiveOrder()`: keeps the app store's current order (catalogue badge, cart, agent checkout, product
 *   pages) up to date. On a newer version, a payment change, a resync or a poll it re-reads the order. A re-read
 *   never puts an older version over a newer one, and when a slow answer does (a change's answer landing after
 *   the re-read that already holds it) the order is re-read at once; a quantity being edited is not
 *   touched (the line shows its pending value, which is then sent: QuantityQueue). A change made by the other
 *   side shows a discreet note: 'O atendente atualizou seu pedido' to the shopper, 'O cliente alterou o
 *   carrinho' to the agent.
 */
import { OrderStatus } from '@vitrine/contracts/enums';
import type { Order } from '@vitrine/contracts/order';
import { openEventStream } from '../../lib/event-stream';
import { localStore } from '../../lib/storage';
import { appActions, isPlatformUser, useAppStore } from '../app-store';
import { showToast } from '../toast-store';

export interface OrderEvent {
  orderId: string;
  kind: 'hello' | 'order' | 'payment' | 'poll';
  /** The order's version after the change (hello: now); absent on a poll tick. */
  version?: number;
  actor?: 'shopper' | 'agent' | 'staff' | 'payment' | 'system';
  /** The order's status after the change (hello: now); absent on a poll tick. */
  status?: number;
  /** A payment event: the payment's status after the change. */
  paymentStatus?: number;
  /** hello: events may have been missed, re-read. */
  resync?: boolean;
}
export type OrderListener = (event: OrderEvent) => void;

const follows = new Map<string, { listeners: Set<OrderListener>; close: () => void }>();

function bearer(): Record<string, string> {
  const code = localStore.get('session_code');
  return code ? { authorization: `Bearer ${code}` } : {};
}

/** Follows order `orderId` live; answers the function that stops following. */
export function followOrder(orderId: string, listener: OrderListener): () => void {
  let entry = follows.get(orderId);
  if (!entry) {
    const listeners = new Set<OrderListener>();
    const emit = (event: OrderEvent) => listeners.forEach((each) => each(event));
    const close = openEventStream({
      url: `/api/order/${encodeURIComponent(orderId)}/events`,
      headers: bearer,
      onEvent: ({ event, data }) => {
        if (event !== 'hello' && event !== 'order') return;
        const parsed = JSON.parse(data) as Omit<OrderEvent, 'kind'> & { kind?: 'order' | 'payment' };
        emit({ ...parsed, orderId, kind: event === 'hello' ? 'hello' : (parsed.kind ?? 'order') });
      },
      onPoll: () => emit({ orderId, kind: 'poll' }),
    });
    entry = { listeners, close };
    follows.set(orderId, entry);
  }
  const followed = entry;
  followed.listeners.add(listener);
  return () => {
    followed.listeners.delete(listener);
    if (followed.listeners.size > 0) return;
    followed.close();
    follows.delete(orderId);
  };
}

/** Whether `next` is an older version of the order `shown`. */
export function isOlderThan(
  next: Pick<Order, 'id' | 'version'>,
  shown: Pick<Order, 'id' | 'version'> | null,
): boolean {
  return shown !== null && next.id === shown.id && (next.version ?? 0) < (shown.version ?? 0);
}

/**
 * Whether `shown` is an order that left Creating (confirmed or canceled while on screen) and `next` is the
 * session's next order: the screen that ended it (/finish: 'Pedido cancelado' or 'Pedido finalizado') keeps it.
 */
export function hasEnded(
  shown: Pick<Order, 'id' | 'status'> | null,
  next: Pick<Order, 'id' | 'status'>,
): boolean {
  return shown !== null && next.id !== shown.id && shown.status !== OrderStatus.Creating;
}

/** Whether `event` tells of something the shown order (at `shownVersion`) does not have yet. */
export function isNewer(event: OrderEvent, shownVersion: number | undefined): boolean {
  if (event.kind === 'poll' || event.kind === 'payment' || event.resync) return true;
  return shownVersion === undefined || (event.version ?? 0) > shownVersion;
}

/** The note for a change the other side made, or null (one's own change, the payment, the system). */
export function changeNote(event: OrderEvent, viewerIsAgent: boolean): string | null {
  if (event.kind !== 'order') return null;
  if (viewerIsAgent) return event.actor === 'shopper' ? 'O cliente alterou o carrinho' : null;
  return event.actor === 'agent' ? 'O atendente atualizou seu pedido' : null;
}

let running: { users: number; stop: () => void } | null = null;

/**
 * Keeps the app store's current order live while someone uses it (one follower however many screens ask);
 * answers the function that stops using it. `read` re-reads the order (current-order.ts's `getCurrentOrder`,
 * passed in by its caller so this lazily loaded file does not import its loader back).
 */
export function startLiveOrder(read: () => Promise<Order>): () => void {
  running ??= { users: 0, stop: followCurrentOrder(read) };
  const live = running;
  live.users++;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (--live.users > 0) return;
    live.stop();
    if (running === live) running = null;
  };
}

function followCurrentOrder(read: () => Promise<Order>): () => void {
  let followedId: string | null = null;
  let unfollow = () => undefined as void;
  let reading = false;
  let again = false;

  const reread = async (): Promise<void> => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      const fresh = await read();
      const shown = useAppStore.getState().order;
      if (!isOlderThan(fresh, shown) && !hasEnded(shown, fresh)) appActions.setOrder(fresh);
    } catch {
      // the stream or the next poll brings it again
    } finally {
      reading = false;
      if (again) {
        again = false;
        void reread();
      }
    }
  };

  /** The newest change told of: a change replayed after a reconnect is noted once, even if a poll showed it. */
  let noted = 0;
  const onEvent: OrderListener = (event) => {
    const { order, session } = useAppStore.getState();
    if (event.kind === 'order' && (event.version ?? 0) > noted) {
      noted = event.version ?? 0;
      const note = changeNote(event, isPlatformUser(session));
      if (note) showToast(note, { id: 'live-order-note' });
    }
    if (isNewer(event, order?.id === event.orderId ? order.version : undefined)) void reread();
  };

  let newest: Pick<Order, 'id' | 'version'> | null = null;
  const sync = () => {
    const { order, session } = useAppStore.getState();
    if (order && newest && isOlderThan(order, newest)) void reread();
    else newest = order && { id: order.id, version: order.version };
    const id = session && order ? order.id : null;
    if (id === followedId) return;
    unfollow();
    followedId = id;
    unfollow = id ? followOrder(id, onEvent) : () => undefined;
  };
  sync();
  const unsubscribe = useAppStore.subscribe(sync);
  return () => {
    unsubscribe();
    unfollow();
  };
}
