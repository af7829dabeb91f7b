import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '@vitrine/contracts/catalog';
import { appActions, useAppStore } from '../../../stores/app-store';
import { localStore, sessionStore } from '../../../lib/storage';
import { readCachedCatalog, writeCachedCatalog } from '../lib/catalog-cache';
import { DEFAULT_QUERY } from '../lib/catalog-query';
import { catalogActions, initialCatalogState, useCatalogStore } from './catalog-store';
import { startCatalog } from './use-catalog-first-load';

const OWNER = 'shop-1:user-1';
const product = (providerId: string) => ({
  providerId,
  name: providerId,
  price: 1,
  images: [],
  subscriptionOffers: [],
  clusterHighlights: [],
  isActive: true,
});
const page = (ids: string[], pageNumber: number, hasMore: boolean) => ({
  data: ids.map(product),
  page: pageNumber,
  perPage: 10,
  hasMore,
  token: hasMore ? `token-${pageNumber + 1}` : null,
});
const categories: Category[] = [
  {
    providerId: 'C10',
    name: 'Hortifrúti',
    description: null,
    shopId: 's',
    children: [{ providerId: 'C11', name: 'Frutas', description: null, shopId: 's', children: [] }],
  },
];

type Call = { method: string; url: string; body: unknown };
type Reply = { status?: number; data?: unknown };

function serve(route: (call: Call) => Reply) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = {
      method: init.method ?? 'GET',
      url,
      body: init.body ? JSON.parse(String(init.body)) : null,
    };
    calls.push(call);
    const { status = 200, data = null } = route(call);
    const ok = status < 400;
    return new Response(
      JSON.stringify({ success: ok, data, errors: ok ? [] : [{ code: 'x', message: 'x' }] }),
      { status },
    );
  });
  return calls;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const productIds = () => useCatalogStore.getState().products.map((p) => p.providerId);

beforeEach(() => {
  localStore.clear();
  sessionStore.clear();
  appActions.reset('ready');
  useCatalogStore.setState(initialCatalogState, true);
  catalogActions.claim('nobody');
});
afterEach(() => vi.unstubAllGlobals());

describe('first load', () => {
  it('fetches categories and the top sellers, then caches what is shown', async () => {
    const calls = serve(({ url }) => {
      if (url.startsWith('/api/catalog/categories')) return { data: categories };
      if (url.startsWith('/api/catalog/top')) return { data: page(['P1', 'P2'], 0, true) };
      if (url.startsWith('/api/catalog/products/facets')) return { data: [] };
      return { status: 404 };
    });
    await startCatalog(OWNER, false);
    await settle();
    expect(calls.map((c) => c.url)).toEqual([
      '/api/catalog/categories?perPage=50',
      '/api/catalog/top?pageNumber=0&perPage=10',
      '/api/catalog/products/facets',
    ]);
    expect(useAppStore.getState().categories).toEqual(categories);
    expect(productIds()).toEqual(['P1', 'P2']);
    expect(readCachedCatalog(OWNER)?.products).toHaveLength(2);
  });

  it('opens the stored initial catalogue (a subcategory) and clears it', async () => {
    sessionStore.set('catalog_type', 'ShowCategory');
    sessionStore.set('catalog_id', 'C11');
    writeCachedCatalog({
      owner: OWNER,
      ...DEFAULT_QUERY,
      pagedData: page([], 0, false),
      products: [],
      facets: [],
    });
    const calls = serve(({ url }) => {
      if (url.startsWith('/api/catalog/categories')) return { data: categories };
      if (url === '/api/catalog/products/search') return { data: page(['F1'], 0, false) };
      return { data: [] };
    });
    await startCatalog(OWNER, false);
    await settle();
    const search = calls.find((c) => c.url === '/api/catalog/products/search');
    expect(search?.body).toMatchObject({
      category: 'C10,C11',
      pageNumber: 0,
      perPage: 10,
      searchQuery: null,
    });
    expect(useCatalogStore.getState().query).toMatchObject({
      mode: 'search',
      searchCategoryIds: ['C10', 'C11'],
    });
    expect(sessionStore.get('catalog_type')).toBeNull();
    expect(sessionStore.get('catalog_id')).toBeNull();
  });

  it('reads an agent’s initial catalogue from local storage (a collection)', async () => {
    localStore.set('catalog_type', 'ShowCollection');
    localStore.set('catalog_id', 'ofertas');
    appActions.setCategories(categories);
    const calls = serve(({ url }) =>
      url.startsWith('/api/catalog/products/collections/') ? { data: page(['O1'], 0, false) } : { data: [] },
    );
    await startCatalog(OWNER, false);
    await settle();
    expect(calls[0]?.url).toBe('/api/catalog/products/collections/ofertas?pageNumber=0&perPage=10');
    expect(useCatalogStore.getState().query.currentCategory).toBe('COLLECTION_ofertas');
    expect(localStore.get('catalog_type')).toBeNull();
  });

  it('restores the cached catalogue without calling for products', async () => {
    appActions.setCategories(categories);
    writeCachedCatalog({
      owner: OWNER,
      ...DEFAULT_QUERY,
      mode: 'search',
      searchText: 'maçã',
      pagedData: page([], 0, true),
      products: [product('C1')] as never,
      facets: [],
    });
    const calls = serve(() => ({ data: [] }));
    await startCatalog(OWNER, false);
    expect(calls).toEqual([]);
    expect(useCatalogStore.getState()).toMatchObject({
      status: 'ready',
      inputText: 'maçã',
      query: { mode: 'search' },
    });
    expect(productIds()).toEqual(['C1']);
  });

  it('opens the suggested view on /products-found', async () => {
    appActions.setCategories(categories);
    const calls = serve(() => ({ data: page([], 0, false) }));
    await startCatalog(OWNER, true);
    expect(calls[0]).toMatchObject({
      url: '/api/catalog/products/search',
      body: { category: 'SUGGESTED_ITEMS' },
    });
    expect(useCatalogStore.getState().query.mode).toBe('suggested');
  });
});

describe('listing', () => {
  it('appends the next page with the returned token and stops when hasMore is false', async () => {
    const calls = serve(({ url }) => {
      if (url.includes('pageNumber=0')) return { data: page(['P1'], 0, true) };
      if (url.includes('pageNumber=1')) return { data: page(['P1', 'P2'], 1, false) };
      return { data: [] };
    });
    catalogActions.open(DEFAULT_QUERY);
    await settle();
    catalogActions.loadMore();
    await settle();
    expect(calls.some((c) => c.url === '/api/catalog/top?pageNumber=1&perPage=10&pageToken=token-1')).toBe(
      true,
    );
    expect(productIds()).toEqual(['P1', 'P2']);
    const before = calls.length;
    catalogActions.loadMore();
    expect(calls.length).toBe(before);
  });

  it('keeps the list and the query when a new listing fails', async () => {
    serve(({ url }) =>
      url.startsWith('/api/catalog/top') ? { data: page(['P1'], 0, false) } : { status: 500 },
    );
    catalogActions.open(DEFAULT_QUERY);
    await settle();
    catalogActions.setInputText('pão');
    catalogActions.search();
    expect(useCatalogStore.getState().status).toBe('loading');
    await settle();
    expect(useCatalogStore.getState()).toMatchObject({ status: 'ready', query: DEFAULT_QUERY });
    expect(productIds()).toEqual(['P1']);
  });

  it('ignores an answer that arrives after a newer listing', async () => {
    let releaseFirst: () => void = () => undefined;
    const calls = serve(() => ({ data: page(['NEW'], 0, false) }));
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      if (url.startsWith('/api/catalog/top')) {
        await new Promise<void>((resolve) => (releaseFirst = resolve));
        return new Response(JSON.stringify({ success: true, data: page(['OLD'], 0, false), errors: [] }));
      }
      calls.push({ method: init.method ?? 'GET', url, body: null });
      return new Response(JSON.stringify({ success: true, data: page(['NEW'], 0, false), errors: [] }));
    });
    catalogActions.open(DEFAULT_QUERY);
    catalogActions.chooseTab('C10');
    await settle();
    releaseFirst();
    await settle();
    expect(productIds()).toEqual(['NEW']);
  });
});
