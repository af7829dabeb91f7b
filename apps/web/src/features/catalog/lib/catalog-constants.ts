/**
 * Catalogue constants (spec §3, §9). The names and limits the server shares come from
 * `@vitrine/contracts/catalog-ids` (no zod, so they stay out of the way of the first route's bundle).
 */
import { COLLECTION_PREFIX, SUGGESTED_ITEMS } from '@vitrine/contracts/catalog-ids';

/** Name of the top-sellers tab. */
export const ALL_TAB_NAME = 'Todos';

/** Categories asked for (spec §9 default category page size). */
export const CATEGORIES_PER_PAGE = 50;
/** Products per page (spec §9), pages numbered from 0. */
export const PRODUCTS_PER_PAGE = 10;

/** Cached catalogue lifetime: 2 hours. */
export const CATALOG_CACHE_TTL_MS = 2 * 60 * 60 * 1000;
/** Most products kept in the cached catalogue (keeps the entry well under storage quotas). */
export const CATALOG_CACHE_MAX_PRODUCTS = 200;

/** Price slider step (spec §5), in centavos: R$ 10,50. */
export const PRICE_STEP_CENTS = 1050;
/** Price filter changes are sent after this quiet time. */
export const PRICE_DEBOUNCE_MS = 500;

export function isCollectionId(id: string | null | undefined): id is string {
  return typeof id === 'string' && id.startsWith(COLLECTION_PREFIX);
}

export function isSuggestedId(id: string | null | undefined): boolean {
  return id === SUGGESTED_ITEMS;
}

/** A real category of the shop's tree (neither a collection nor the suggestions). */
export function isTreeCategoryId(id: string | null | undefined): id is string {
  return typeof id === 'string' && id !== '' && !isCollectionId(id) && !isSuggestedId(id);
}
