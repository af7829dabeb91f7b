/**
 * Key-value store of spec §3 over Web Storage, with an optional expiry per entry.
 *
 * - Keys are exactly the spec's list; values are JSON, wrapped as `{ v, e? }` (`e` = expiry, epoch ms).
 * - `get` drops an entry read at or after its expiry and returns null.
 * - Private mode / disabled storage (the getter or `setItem` throws, quota exceeded): the entry lives in
 *   memory for the rest of the page's life instead; callers never see an exception.
 */

/** Value type per key. Blobs owned by a feature (cached catalogue, checkout form…) stay `unknown` here:
 *  the feature that reads them validates their shape, since an old deployment may have written them. */
export interface StorageValues {
  session_code: string;
  catalog_type: string;
  catalog_id: string;
  cached_catalog: unknown;
  session_user_id: string;
  checkout_data: unknown;
  payment_data: unknown;
}
export type StorageKey = keyof StorageValues;

export const STORAGE_KEYS = [
  'session_code',
  'catalog_type',
  'catalog_id',
  'cached_catalog',
  'session_user_id',
  'checkout_data',
  'payment_data',
] as const satisfies readonly StorageKey[];

export interface SetOptions {
  /** Lifetime in milliseconds from now; omitted = no expiry; zero or less = already expired. */
  ttlMs?: number;
}

export interface KeyValueStore {
  /** The stored value, or null when absent, expired (then also removed) or unreadable. */
  get<K extends StorageKey>(key: K): StorageValues[K] | null;
  /** Stores `value` (JSON-serialisable), replacing any previous entry. */
  set<K extends StorageKey>(key: K, value: StorageValues[K], options?: SetOptions): void;
  /** Removes the entry; no-op when absent. */
  remove(key: StorageKey): void;
  /** Removes every key of the spec list (other keys of the origin are left alone). */
  clear(): void;
}

/** The subset of the Web Storage API the store needs (a fake in tests). */
export type StorageBackend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface StoreDeps {
  /** Returns the backing storage; may throw or return undefined (treated as unavailable). */
  backend: () => StorageBackend | null | undefined;
  /** Clock, epoch ms (a fake one in tests). */
  now?: () => number;
}

interface Entry {
  v: unknown;
  e?: number;
}

function parseEntry(raw: string): Entry | null {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || !('v' in parsed)) return null;
    const entry = parsed as Entry;
    if (entry.e !== undefined && typeof entry.e !== 'number') return null;
    return entry;
  } catch {
    return null;
  }
}

/** Creates a store over one backend (localStorage, sessionStorage or a fake). */
export function createKeyValueStore({ backend, now = Date.now }: StoreDeps): KeyValueStore {
  // Entries that could not be written to (or read from) the backend.
  const memory = new Map<string, string>();

  function backendOrNull(): StorageBackend | null {
    try {
      return backend() ?? null;
    } catch {
      return null;
    }
  }

  function readRaw(key: string): string | null {
    if (memory.has(key)) return memory.get(key) ?? null;
    try {
      return backendOrNull()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  function writeRaw(key: string, raw: string): void {
    const target = backendOrNull();
    try {
      if (!target) throw new Error('storage unavailable');
      target.setItem(key, raw);
      memory.delete(key);
    } catch {
      memory.set(key, raw);
    }
  }

  function removeRaw(key: string): void {
    memory.delete(key);
    try {
      backendOrNull()?.removeItem(key);
    } catch {
      // Unavailable storage holds nothing of ours.
    }
  }

  return {
    get(key) {
      const raw = readRaw(key);
      if (raw === null) return null;
      const entry = parseEntry(raw);
      if (!entry || (entry.e !== undefined && now() >= entry.e)) {
        removeRaw(key);
        return null;
      }
      return (entry.v ?? null) as StorageValues[typeof key] | null;
    },
    set(key, value, options = {}) {
      const { ttlMs } = options;
      if (ttlMs !== undefined && !(ttlMs > 0)) {
        removeRaw(key);
        return;
      }
      const entry: Entry = ttlMs === undefined ? { v: value } : { v: value, e: now() + ttlMs };
      let raw: string;
      try {
        raw = JSON.stringify(entry);
      } catch {
        return; // not serialisable (cycle, BigInt): nothing sensible to store
      }
      writeRaw(key, raw);
    },
    remove(key) {
      removeRaw(key);
    },
    clear() {
      for (const key of STORAGE_KEYS) removeRaw(key);
    },
  };
}

/** Survives the tab: session code, user id, platform users' initial catalogue, cached catalogue… */
export const localStore: KeyValueStore = createKeyValueStore({ backend: () => globalThis.localStorage });

/** Per tab: customers' initial catalogue type/id. */
export const sessionStore: KeyValueStore = createKeyValueStore({ backend: () => globalThis.sessionStorage });
