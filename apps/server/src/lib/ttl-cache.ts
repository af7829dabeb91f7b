/**
 * A bounded in-process cache with a time to live, for answers that many requests share (session lookups,
 * catalogue pages). Concurrent misses for one key share a single load; a failed load is not kept. With a TTL of 0
 * it caches nothing. With `staleMs`, an entry past its TTL is still answered for that long while one background
 * load refreshes it (stale-while-revalidate), so an expiry never makes a burst of requests wait on the database.
 * Each entry's TTL is drawn between 80 % and 120 % of `ttlMs`, so entries loaded together do not expire together,
 * and refreshes run one at a time, each after the event loop has answered what was waiting: on PGlite a
 * statement holds the only thread, so a pile of refreshes run back to back would stall every request behind it.
 * Each server instance has its own: entries are short-lived, so instances on one PostgreSQL see a change at most
 * TTL + stale window late (docs/decisions/0011-response-caches.md).
 */
import { LRUCache } from 'lru-cache';

export type TtlCache<V> = {
  /** The cached value for `key`, or what `load` resolves to (kept unless it is null or it fails). */
  getOrLoad(key: string, load: () => Promise<V | null>): Promise<V | null>;
  /** Drops the entry of `key`, if any (a session ended elsewhere). */
  delete(key: string): void;
  /** Drops every entry whose key starts with `prefix` (e.g. one shop's catalogue after an import). */
  deletePrefix(prefix: string): void;
  clear(): void;
};

type Entry<V> = { value: Promise<V | null>; freshUntil: number; refreshing: boolean };

export function createTtlCache<V extends object>(options: {
  max: number;
  ttlMs: number;
  staleMs?: number;
}): TtlCache<V> {
  const { ttlMs, staleMs = 0 } = options;
  if (ttlMs <= 0) {
    return {
      getOrLoad: (_key, load) => load(),
      delete: () => undefined,
      deletePrefix: () => undefined,
      clear: () => undefined,
    };
  }
  const entries = new LRUCache<string, Entry<V>>({ max: options.max, ttl: ttlMs * 1.2 + staleMs });
  const fresh = (value: Promise<V | null>): Entry<V> => ({
    value,
    freshUntil: Date.now() + ttlMs * (0.8 + 0.4 * Math.random()),
    refreshing: false,
  });
  let refreshes: Promise<unknown> = Promise.resolve();
  /** Runs `load` after the refreshes queued before it, once the event loop has had a turn. */
  const queueRefresh = (load: () => Promise<V | null>): Promise<V | null> => {
    const next = refreshes.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(load);
    refreshes = next.catch(() => undefined);
    return next;
  };

  return {
    getOrLoad(key, load) {
      const cached = entries.get(key);
      if (cached && (Date.now() < cached.freshUntil || cached.refreshing)) return cached.value;
      if (cached) {
        // Stale: answer it once more while a single refresh runs; the refresh replaces it when it succeeds.
        cached.refreshing = true;
        queueRefresh(load).then(
          (value) => {
            if (entries.get(key) !== cached) return;
            if (value === null) entries.delete(key);
            else entries.set(key, fresh(Promise.resolve(value)));
          },
          () => {
            cached.refreshing = false;
          },
        );
        return cached.value;
      }
      const entry = fresh(load());
      entries.set(key, entry);
      entry.value.then(
        (value) => {
          if (value === null && entries.get(key) === entry) entries.delete(key);
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.value;
    },
    delete: (key) => void entries.delete(key),
    deletePrefix(prefix) {
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
    clear: () => entries.clear(),
  };
}
