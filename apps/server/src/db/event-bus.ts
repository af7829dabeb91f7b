/**
 * A small LISTEN/NOTIFY event bus (docs/decisions/0022-orders-board-and-live-events.md): one LISTEN per channel
 * and process, fanned out in memory to the subscribers of each key (a shop today; an order for the storefront's
 * streams later). Senders NOTIFY inside their transaction (or a trigger does), so a subscriber on any instance
 * hears of a change only once it is committed. A notification is a wake-up: subscribers re-read what changed
 * from the database, so one missed after a reconnect (`null`) costs a re-read, never an event.
 */
import type { Db, Queryable } from './client.ts';

export type Wake = (payload: Record<string, unknown> | null) => void;

export type EventBus = {
  /** Calls `wake` for each notification for `key`, and with null when notifications may have been missed. */
  subscribe(key: string, wake: Wake): Promise<() => Promise<void>>;
  /** Number of subscribers now (all keys). */
  size(): number;
};

/** Sends `payload` on `channel` when `tx` commits (NOTIFY is transactional). */
export async function publish(
  tx: Queryable,
  channel: string,
  payload: Record<string, unknown>,
): Promise<void> {
  await tx.query('select pg_notify($1, $2)', [channel, JSON.stringify(payload)]);
}

/** The bus of `channel`; `keyOf` names the subscribers a payload is for (payloads without a key are dropped). */
export function eventBus(
  db: Db,
  channel: string,
  keyOf: (payload: Record<string, unknown>) => string | null,
): EventBus {
  const subscribers = new Map<string, Set<Wake>>();
  let listening: Promise<() => Promise<void>> | null = null;
  let count = 0;

  const dispatch = (raw: string | null) => {
    if (raw === null) {
      subscribers.forEach((set) => set.forEach((wake) => wake(null)));
      return;
    }
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return;
    }
    const key = keyOf(payload);
    if (key) subscribers.get(key)?.forEach((wake) => wake(payload));
  };

  return {
    size: () => count,
    async subscribe(key, wake) {
      subscribers.set(key, (subscribers.get(key) ?? new Set()).add(wake));
      count++;
      listening ??= db.listen(channel, dispatch).catch((error: unknown) => {
        listening = null;
        throw error;
      });
      try {
        await listening;
      } catch (error) {
        subscribers.get(key)?.delete(wake);
        count--;
        throw error;
      }
      let active = true;
      return async () => {
        if (!active) return;
        active = false;
        count--;
        const set = subscribers.get(key);
        set?.delete(wake);
        if (set?.size === 0) subscribers.delete(key);
        if (count === 0 && listening) {
          const stop = listening;
          listening = null;
          await (
            await stop
          )();
        }
      };
    },
  };
}
