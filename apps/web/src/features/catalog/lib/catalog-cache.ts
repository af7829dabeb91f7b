/**
 * Cached catalogue (spec §3, §4 "First load"): what the shopper was looking at, kept 2 hours in local
 * storage under `cached_catalog` and restored on the next load. The entry is stamped with its owner
 * (shop + user) so another shop's or user's catalogue is never shown. The shape is checked on read: an
 * older deployment may have written something else.
 */
import type { Facet, PagedProducts, Product } from '@vitrine/contracts/catalog';
import type { SearchFilter } from '@vitrine/contracts/catalog-api';
import { localStore, type KeyValueStore } from '../../../lib/storage';
import { CATALOG_CACHE_MAX_PRODUCTS, CATALOG_CACHE_TTL_MS } from './catalog-constants';
import type { CatalogMode } from './catalog-query';

/** Paging of the last loaded page. */
export type PagedData = Pick<PagedProducts, 'page' | 'perPage' | 'hasMore' | 'token'>;

export interface CachedCatalog {
  owner: string;
  mode: CatalogMode;
  searchText: string;
  searchCategoryIds: string[];
  currentCategory: string | null;
  pagedData: PagedData;
  products: Product[];
  facets: Facet[];
  filters: SearchFilter[];
}

const MODES: readonly string[] = ['catalog', 'search', 'suggested'] satisfies CatalogMode[];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

function isPagedData(value: unknown): value is PagedData {
  return (
    isObject(value) &&
    typeof value.page === 'number' &&
    typeof value.perPage === 'number' &&
    typeof value.hasMore === 'boolean' &&
    (value.token === null || typeof value.token === 'string')
  );
}

/** Enough of a product to render a card without crashing. */
function isProductLike(value: unknown): value is Product {
  return (
    isObject(value) &&
    typeof value.providerId === 'string' &&
    typeof value.name === 'string' &&
    typeof value.price === 'number' &&
    Array.isArray(value.images) &&
    Array.isArray(value.subscriptionOffers) &&
    Array.isArray(value.clusterHighlights)
  );
}

const isFacetLike = (value: unknown): value is Facet =>
  isObject(value) && typeof value.key === 'string' && Array.isArray(value.values);
const isFilterLike = (value: unknown): value is SearchFilter =>
  isObject(value) && typeof value.key === 'string';

/** The cached catalogue if `value` has the right shape and belongs to `owner`, else null. */
export function parseCachedCatalog(value: unknown, owner: string): CachedCatalog | null {
  if (!isObject(value) || value.owner !== owner) return null;
  const { mode, searchText, searchCategoryIds, currentCategory, pagedData, products, facets, filters } =
    value;
  if (typeof mode !== 'string' || !MODES.includes(mode)) return null;
  if (typeof searchText !== 'string' || !isStringArray(searchCategoryIds)) return null;
  if (currentCategory !== null && typeof currentCategory !== 'string') return null;
  if (!isPagedData(pagedData)) return null;
  if (!Array.isArray(products) || !products.every(isProductLike)) return null;
  if (!Array.isArray(facets) || !facets.every(isFacetLike)) return null;
  if (!Array.isArray(filters) || !filters.every(isFilterLike)) return null;
  return value as unknown as CachedCatalog;
}

/** The valid, unexpired cached catalogue of `owner`, or null (an unusable entry is removed). */
export function readCachedCatalog(owner: string, store: KeyValueStore = localStore): CachedCatalog | null {
  const raw = store.get('cached_catalog');
  if (raw === null) return null;
  const cache = parseCachedCatalog(raw, owner);
  if (!cache) store.remove('cached_catalog');
  return cache;
}

/** Stores the catalogue for 2 hours from now (at most CATALOG_CACHE_MAX_PRODUCTS products). */
export function writeCachedCatalog(cache: CachedCatalog, store: KeyValueStore = localStore): void {
  const products = cache.products.slice(0, CATALOG_CACHE_MAX_PRODUCTS);
  // A truncated list must not claim the next page follows its last product.
  const pagedData =
    products.length < cache.products.length
      ? { ...cache.pagedData, hasMore: false, token: null }
      : cache.pagedData;
  store.set('cached_catalog', { ...cache, products, pagedData }, { ttlMs: CATALOG_CACHE_TTL_MS });
}
