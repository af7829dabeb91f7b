/**
 * A bounded in-process cache with a time to live, for answers that many requests share (session lookups,
 * catalogue pages). Concurrent misses for one key share a single load; a failed load is not kept. With a TTL of 0
 * it caches nothing. Each server instance has its own: entries are short-lived, so instances on one PostgreSQL
 * see a change at most one TTL late (docs/decisions/0011-response-caches.md).
 */
import { LRUCache } from 'lru-cache';

export type TtlCache<V> = {
  /** The cached value for `key`, or what `load` resolves to (kept unless it is null or it fails). */
  getOrLoad(key: string, load: () => Promise<V | null>): Promise<V | null>;
  /** Drops every entry whose key starts with `prefix` (e.g. one shop's catalogue after an import). */
  deletePrefix(prefix: string): void;
  clear(): void;
};

export function createTtlCache<V extends object>(options: { max: number; ttlMs: number }): TtlCache<V> {
  if (options.ttlMs <= 0) {
    return { getOrLoad: (_key, load) => load(), deletePrefix: () => undefined, clear: () => undefined };
  }
  const entries = new LRUCache<string, Promise<V | null>>({ max: options.max, ttl: options.ttlMs });
  return {
    getOrLoad(key, load) {
      const cached = entries.get(key);
      if (cached) return cached;
      const loading = load().then(
        (value) => {
          if (value === null && entries.get(key) === loading) entries.delete(key);
          return value;
        },
        (error: unknown) => {
          if (entries.get(key) === loading) entries.delete(key);
          throw error;
        },
      );
      entries.set(key, loading);
      return loading;
    },
    deletePrefix(prefix) {
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
    clear: () => entries.clear(),
  };
}
