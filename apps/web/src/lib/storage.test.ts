import { describe, expect, it } from 'vitest';
import { createKeyValueStore, localStore, STORAGE_KEYS, type StorageBackend } from './storage';

/** In-memory Web Storage stand-in; `failWrites` / `failAll` simulate quota errors and private mode. */
class FakeStorage implements StorageBackend {
  readonly items = new Map<string, string>();
  failWrites = false;
  failAll = false;

  getItem(key: string): string | null {
    if (this.failAll) throw new DOMException('denied', 'SecurityError');
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.failAll) throw new DOMException('denied', 'SecurityError');
    if (this.failWrites) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    if (this.failAll) throw new DOMException('denied', 'SecurityError');
    this.items.delete(key);
  }
}

function setup() {
  const storage = new FakeStorage();
  const clock = { t: 1_700_000_000_000 };
  const store = createKeyValueStore({ backend: () => storage, now: () => clock.t });
  return { storage, clock, store };
}

describe('createKeyValueStore', () => {
  it('round-trips strings and JSON values under the exact spec keys', () => {
    const { storage, store } = setup();
    store.set('session_code', 'abc123');
    store.set('checkout_data', { userId: 'u1', name: 'Ana', cashAmount: 12.5 });
    expect(store.get('session_code')).toBe('abc123');
    expect(store.get('checkout_data')).toEqual({ userId: 'u1', name: 'Ana', cashAmount: 12.5 });
    expect([...storage.items.keys()].sort()).toEqual(['checkout_data', 'session_code']);
  });

  it('lists exactly the seven keys of spec §3', () => {
    expect([...STORAGE_KEYS]).toEqual([
      'session_code',
      'catalog_type',
      'catalog_id',
      'cached_catalog',
      'session_user_id',
      'checkout_data',
      'payment_data',
    ]);
  });

  it('returns null for a missing key', () => {
    expect(setup().store.get('catalog_id')).toBeNull();
  });

  it('keeps an entry until its expiry, then drops it when read', () => {
    const { storage, clock, store } = setup();
    const twoHours = 2 * 60 * 60 * 1000;
    store.set('cached_catalog', { mode: 'catalog' }, { ttlMs: twoHours });

    clock.t += twoHours - 1;
    expect(store.get('cached_catalog')).toEqual({ mode: 'catalog' });

    clock.t += 1;
    expect(store.get('cached_catalog')).toBeNull();
    expect(storage.items.has('cached_catalog')).toBe(false);
  });

  it('never expires an entry stored without ttl', () => {
    const { clock, store } = setup();
    store.set('session_user_id', 'user-1');
    clock.t += 10 * 365 * 24 * 60 * 60 * 1000;
    expect(store.get('session_user_id')).toBe('user-1');
  });

  it('treats a ttl of zero or less as already expired', () => {
    const { storage, store } = setup();
    store.set('payment_data', { a: 1 });
    store.set('payment_data', { a: 2 }, { ttlMs: 0 });
    expect(store.get('payment_data')).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('replaces the expiry when an entry is written again', () => {
    const { clock, store } = setup();
    store.set('catalog_type', 'ShowCategory', { ttlMs: 1000 });
    store.set('catalog_type', 'ShowQuery');
    clock.t += 5000;
    expect(store.get('catalog_type')).toBe('ShowQuery');
  });

  it('removes one key and clears only the spec keys', () => {
    const { storage, store } = setup();
    storage.items.set('someone_else', 'x');
    store.set('session_code', 'a');
    store.set('catalog_id', 'b');
    store.remove('session_code');
    expect(store.get('session_code')).toBeNull();
    store.clear();
    expect([...storage.items.keys()]).toEqual(['someone_else']);
  });

  it('drops unreadable or foreign-format values', () => {
    const { storage, store } = setup();
    storage.items.set('session_code', 'not json');
    storage.items.set('catalog_id', JSON.stringify('bare string'));
    storage.items.set('catalog_type', JSON.stringify({ v: 'x', e: 'soon' }));
    expect(store.get('session_code')).toBeNull();
    expect(store.get('catalog_id')).toBeNull();
    expect(store.get('catalog_type')).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('falls back to memory when writes fail (quota) and keeps expiry there', () => {
    const { storage, clock, store } = setup();
    storage.failWrites = true;
    store.set('cached_catalog', [1, 2, 3], { ttlMs: 1000 });
    expect(storage.items.size).toBe(0);
    expect(store.get('cached_catalog')).toEqual([1, 2, 3]);
    clock.t += 1000;
    expect(store.get('cached_catalog')).toBeNull();
  });

  it('works in memory when the storage getter itself throws (private mode)', () => {
    const store = createKeyValueStore({
      backend: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    store.set('session_code', 'mem');
    expect(store.get('session_code')).toBe('mem');
    store.remove('session_code');
    expect(store.get('session_code')).toBeNull();
  });

  it('works in memory when every storage call throws', () => {
    const storage = new FakeStorage();
    storage.failAll = true;
    const store = createKeyValueStore({ backend: () => storage });
    store.set('catalog_id', 'cat-1');
    expect(store.get('catalog_id')).toBe('cat-1');
    expect(() => store.clear()).not.toThrow();
    expect(store.get('catalog_id')).toBeNull();
  });

  it('ignores values that cannot be serialised', () => {
    const { store } = setup();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => store.set('checkout_data', cyclic)).not.toThrow();
    expect(store.get('checkout_data')).toBeNull();
  });
});

describe('localStore', () => {
  it('works where no Web Storage exists at all (Node)', () => {
    localStore.set('session_user_id', 'node-user');
    expect(localStore.get('session_user_id')).toBe('node-user');
    localStore.remove('session_user_id');
  });
});
