/**
 * Catalogue names and limits shared by server and web that need no schema: this module imports nothing, so the
 * storefront's first route can use it without pulling zod (catalog-api.ts re-exports them next to its schemas).
 */

/** Synthetic category of the 'Sugeridos' tab: the order's assistant suggestions. */
export const SUGGESTED_ITEMS = 'SUGGESTED_ITEMS';
/** Prefix that turns a collection providerId into a category providerId (`COLLECTION_ofertas`). */
export const COLLECTION_PREFIX = 'COLLECTION_';
/** Name of the 'Sugeridos' tab. */
export const SUGGESTED_ITEMS_NAME = 'Sugeridos';
/** Longest search text the server accepts. */
export const MAX_SEARCH_LENGTH = 200;
