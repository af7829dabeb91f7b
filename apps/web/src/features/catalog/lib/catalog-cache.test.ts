import { describe, expect, it } from 'vitest';
import type { Product } from '@vitrine/contracts/catalog';
import { createKeyValueStore, type StorageBackend } from '../../../lib/storage';
import {
  parseCachedCatalog,
  readCachedCatalog,
  writeCachedCatalog,
  type CachedCatalog,
} from './catalog-cache';
import { CATALOG_CACHE_MAX_PRODUCTS, CATALOG_CACHE_TTL_MS } from './catalog-constants';

function fakeStore() {
  const data = new Map<string, string>();
  const backend: StorageBackend = {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
  let now = 1_000_000;
  const store = createKeyValueStore({ backend: () => backend, now: () => now });
  return { store, data, advance: (ms: number) => (now += ms) };
}

const product = (providerId: string) =>
  ({
    providerId,
    name: providerId,
    price: 1,
    images: [],
    subscriptionOffers: [],
    clusterHighlights: [],
  }) as unknown as Product;

const cache: CachedCatalog = {
  owner: 'shop-1:user-1',
  mode: 'search',
  searchText: 'maçã',
  searchCategoryIds: ['C10'],
  currentCategory: 'C10',
  pagedData: { page: 1, perPage: 10, hasMore: true, token: 'tok' },
  products: [product('P1'), product('P2')],
  facets: [{ key: 'brand', name: 'Marca', hidden: false, values: [] }],
  filters: [{ key: 'brand', values: ['A'] }],
};

describe('cached catalogue', () => {
  it('is restored within 2 hours for the same owner', () => {
    const { store, advance } = fakeStore();
    writeCachedCatalog(cache, store);
    advance(CATALOG_CACHE_TTL_MS - 1);
    expect(readCachedCatalog('shop-1:user-1', store)).toEqual(cache);
  });

  it('expires after 2 hours', () => {
    const { store, advance, data } = fakeStore();
    writeCachedCatalog(cache, store);
    advance(CATALOG_CACHE_TTL_MS);
    expect(readCachedCatalog('shop-1:user-1', store)).toBeNull();
    expect(data.has('cached_catalog')).toBe(false);
  });

  it('is never restored for another shop or user, and a bad entry is removed', () => {
    const { store, data } = fakeStore();
    writeCachedCatalog(cache, store);
    expect(readCachedCatalog('shop-2:user-1', store)).toBeNull();
    store.set('cached_catalog', { ...cache, mode: 'weird' });
    expect(readCachedCatalog('shop-1:user-1', store)).toBeNull();
    expect(data.has('cached_catalog')).toBe(false);
  });

  it('checks the shape of what it reads', () => {
    expect(parseCachedCatalog(null, 'o')).toBeNull();
    expect(parseCachedCatalog({ ...cache, owner: 'o', products: [{ name: 1 }] }, 'o')).toBeNull();
    expect(parseCachedCatalog({ ...cache, owner: 'o', pagedData: { page: 0 } }, 'o')).toBeNull();
    expect(parseCachedCatalog({ ...cache, owner: 'o', currentCategory: 5 }, 'o')).toBeNull();
    expect(parseCachedCatalog({ ...cache, owner: 'o' }, 'o')).not.toBeNull();
  });

  it('keeps at most the product cap, and then no next-page token', () => {
    const { store } = fakeStore();
    const many = Array.from({ length: CATALOG_CACHE_MAX_PRODUCTS + 5 }, (_, i) => product(`P${i}`));
    writeCachedCatalog({ ...cache, products: many }, store);
    const read = readCachedCatalog('shop-1:user-1', store)!;
    expect(read.products).toHaveLength(CATALOG_CACHE_MAX_PRODUCTS);
    expect(read.pagedData).toMatchObject({ hasMore: false, token: null });
  });
});
