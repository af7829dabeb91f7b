import type { Category, PagedProducts } from '@vitrine/contracts/catalog';
import {
  COLLECTION_PREFIX,
  SUGGESTED_ITEMS,
  SUGGESTED_ITEMS_NAME,
  type ProductSearchBody,
  type SearchTextBody,
} from '@vitrine/contracts/catalog-api';
import type { Queryable } from '../../db/client.ts';
import { getShop, settingsOf } from '../shop/service.ts';
import type { SessionContext } from '../session/service.ts';
import { listProducts, listTopSellers, type PageRequest } from './listing.ts';
import { findCategories, findCollectionNames, findProductsByProviderIds } from './repository.ts';
import {
  assistantSuggestions,
  parseCategoryParam,
  parseTextQuery,
  resolveScope,
  type CatalogContext,
} from './scope.ts';
import { categoryTree, serializeProduct } from './serialize.ts';

/** What every catalogue call needs (scope.ts). */
export type { CatalogContext } from './scope.ts';

/**
 * The category tab strip: the shop's category tree (first `perPage` top-level categories, children nested,
 * by position), then the collections of `showCollections` as `COLLECTION_<id>` categories, then the
 * synthetic 'Sugeridos' (SUGGESTED_ITEMS) when the current order carries assistant suggestions.
 */
export async function listCategories(ctx: CatalogContext, perPage: number): Promise<Category[]> {
  const { db, session } = ctx;
  const [tabs, suggestions] = await Promise.all([
    shopCategoryTabs(db, session.shopId, perPage),
    assistantSuggestions(ctx.assistantRequests),
  ]);
  const suggested =
    suggestions.productIds.length || suggestions.terms.length
      ? [categoryNode(SUGGESTED_ITEMS, SUGGESTED_ITEMS_NAME, session.shopId)]
      : [];
  return [...tabs, ...suggested];
}

const categoryNode = (providerId: string, name: string, shopId: string): Category => ({
  providerId,
  name,
  description: null,
  shopId,
  children: [],
});

/**
 * The tabs every visitor of the shop sees: the category tree (first `perPage` top-level categories) and the
 * collections of `showCollections`; nothing that depends on an order (no 'Sugeridos').
 */
export async function shopCategoryTabs(db: Queryable, shopId: string, perPage: number): Promise<Category[]> {
  const shop = await getShop(db, shopId);
  const shown = settingsOf(shop).showCollections;
  const [rows, existing] = await Promise.all([
    findCategories(db, shopId),
    findCollectionNames(
      db,
      shopId,
      shown.map((c) => c.providerId),
    ),
  ]);
  // A collection renamed in the console shows its new name (the settings keep the name it had when ticked).
  const collections = shown
    .filter((c) => existing.has(c.providerId))
    .map((c) => categoryNode(`${COLLECTION_PREFIX}${c.providerId}`, existing.get(c.providerId)!, shopId));
  return [...categoryTree(rows, shopId, perPage), ...collections];
}

/** Top sellers of the shop by quantity in received and finalized orders, then by ranking; stable pages. */
export async function topSellers(ctx: CatalogContext, request: PageRequest): Promise<PagedProducts> {
  return shopTopSellers(ctx.db, ctx.tokenKey, ctx.session.shopId, request);
}

/** The same top sellers for a shop by id, for who has no session yet (the server's first view). */
export async function shopTopSellers(
  db: Queryable,
  tokenKey: Buffer,
  shopId: string,
  request: PageRequest,
): Promise<PagedProducts> {
  return listTopSellers(db, tokenKey, shopId, request);
}

/**
 * A page of a listing any visitor of the shop may see, for who has no session yet (the server's first view of a
 * link that opens a category, collection or search): `category` as the API's `category` parameter (a category,
 * 'parent,sub', `COLLECTION_<id>`; '' the whole shop), narrowed by `searchQuery`. The same statement, and so the
 * same products, as the call the web app makes for that listing; null for 'Sugeridos' (it belongs to an order).
 * 404 for an unknown category or collection, as the API.
 */
export async function shopListing(
  db: Queryable,
  tokenKey: Buffer,
  shopId: string,
  choice: { category: string; searchQuery: string | null },
  request: PageRequest,
): Promise<PagedProducts | null> {
  const scope = parseCategoryParam(choice.category);
  if (scope.kind === 'suggested') return null;
  const text = parseTextQuery(choice.searchQuery);
  const endpoint =
    scope.kind === 'all' ? 'searchText' : scope.kind === 'collection' && !text ? 'collection' : 'search';
  return listProducts(db, tokenKey, endpoint, { shopId, scope, text, filters: [] }, request);
}

/** Products of a category (with descendants), collection or the suggestions, narrowed by text and filters. */
export async function searchProducts(ctx: CatalogContext, body: ProductSearchBody): Promise<PagedProducts> {
  const scope = await resolveScope(parseCategoryParam(body.category), ctx.assistantRequests);
  const listing = {
    shopId: ctx.session.shopId,
    scope,
    text: parseTextQuery(body.searchQuery),
    filters: body.filters ?? [],
  };
  return listProducts(ctx.db, ctx.tokenKey, 'search', listing, body);
}

/** Products of the whole shop matching the text and filters, by relevance (by ranking without text). */
export async function searchText(ctx: CatalogContext, body: SearchTextBody): Promise<PagedProducts> {
  const listing = {
    shopId: ctx.session.shopId,
    scope: { kind: 'all' as const },
    text: parseTextQuery(body.searchQuery),
    filters: body.filters ?? [],
  };
  return listProducts(ctx.db, ctx.tokenKey, 'searchText', listing, body);
}

/** Products of a collection in its order (by relevance with text); 404 for an unknown collection. */
export async function collectionProducts(
  ctx: CatalogContext,
  providerId: string,
  request: PageRequest & { searchQuery?: string | null },
): Promise<PagedProducts> {
  const listing = {
    shopId: ctx.session.shopId,
    scope: { kind: 'collection' as const, providerId },
    text: parseTextQuery(request.searchQuery),
    filters: [],
  };
  return listProducts(ctx.db, ctx.tokenKey, 'collection', listing, request);
}

/** The visible products among the providerIds, in the order asked, duplicates and unknown ids dropped. */
export async function productsByIds(
  db: Queryable,
  session: SessionContext,
  ids: string[],
): Promise<PagedProducts> {
  const unique = [...new Set(ids)];
  const rows = await findProductsByProviderIds(db, session.shopId, unique);
  const data = rows.map(serializeProduct);
  return {
    data,
    page: 0,
    perPage: unique.length,
    hasMore: false,
    hasData: data.length > 0,
    total: data.length,
    token: null,
  };
}

/** The ids among `providerIds` that name no visible product of the shop (assistant suggestions are checked). */
export async function unknownProductIds(
  db: Queryable,
  shopId: string,
  providerIds: string[],
): Promise<string[]> {
  const unique = [...new Set(providerIds)];
  if (unique.length === 0) return [];
  const found = new Set((await findProductsByProviderIds(db, shopId, unique)).map((p) => p.provider_id));
  return unique.filter((id) => !found.has(id));
}

// Offered to other modules (a module imports another only through its service.ts: docs/architecture.md).
export { findProductByProviderId, type ProductRow, type VariantRow } from './product-repository.ts';
export { resolveVariant } from './variants.ts';
export { findShopCollections, shopProductId } from './repository.ts';

/** The catalogue's writers, for the other modules that import a catalogue (Tray) — decision 0031. */
export {
  retireVariants,
  upsertAttributes,
  upsertVariants,
  type AttributeUpsert,
  type VariantUpsert,
} from './variant-writer.ts';

// What routes, flows and plugins use of the module (issue 30: they import it through this face only).
export { createCategory, ensureCategoryPath, placeCategory, updateCategory } from './category-writer.ts';
export { listConsoleCollections, readConsoleCollection } from './collection-reads.ts';
export {
  createCollection,
  deleteCollection,
  placeCollection,
  renameCollection,
  setCollectionProducts,
} from './collection-writer.ts';
export { listConsoleCategories, listConsoleProducts } from './console-reads.ts';
export { findFeedPage, findFeedVersion, type FeedProductRow, type FeedVariantRow } from './feed-sql.ts';
export { productFacets } from './facets.ts';
export { findRetailerUnits, retailerIdOf, type RetailerUnit } from './retailer-ids.ts';
export { pageTokenKey } from './page-token.ts';
export { bulkEditProducts } from './product-bulk.ts';
export { changedParts, normalised } from './product-diff.ts';
export { productCodesAfter, readProductInputs } from './product-input.ts';
export { findShopProduct, getProductDetail, getShopProductDetail } from './product-service.ts';
export { saveProductIn, saveProductsIn } from './product-writer.ts';
export {
  flushSearchIndexes,
  searchIndexesChanged,
  searchIndexesFlushed,
  startSearchIndexFlusher,
} from './search-index.ts';
export type { SaveMode } from './product-writer.ts';
export { findCategories, findCollectionName, hasActiveProduct } from './repository.ts';
