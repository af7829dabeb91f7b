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
import { findCategories, findCollectionIds, findProductsByProviderIds } from './repository.ts';
import { assistantSuggestions, parseCategoryParam, parseTextQuery, resolveScope } from './scope.ts';
import { categoryTree, serializeProduct } from './serialize.ts';

/** What every catalogue call needs: the database, the session and the page-token key. */
export type CatalogContext = { db: Queryable; session: SessionContext; tokenKey: Buffer };

/**
 * The category tab strip: the shop's category tree (first `perPage` top-level categories, children nested,
 * by position), then the collections of `showCollections` as `COLLECTION_<id>` categories, then the
 * synthetic 'Sugeridos' (SUGGESTED_ITEMS) when the current order carries assistant suggestions.
 */
export async function listCategories(
  db: Queryable,
  session: SessionContext,
  perPage: number,
): Promise<Category[]> {
  const shop = await getShop(db, session.shopId);
  const shown = settingsOf(shop).showCollections;
  const [rows, existing, suggestions] = await Promise.all([
    findCategories(db, session.shopId),
    findCollectionIds(
      db,
      session.shopId,
      shown.map((c) => c.providerId),
    ),
    assistantSuggestions(db, session),
  ]);
  const node = (providerId: string, name: string): Category => ({
    providerId,
    name,
    description: null,
    shopId: session.shopId,
    children: [],
  });
  const collections = shown
    .filter((c) => existing.has(c.providerId))
    .map((c) => node(`${COLLECTION_PREFIX}${c.providerId}`, c.name));
  const suggested =
    suggestions.productIds.length || suggestions.terms.length
      ? [node(SUGGESTED_ITEMS, SUGGESTED_ITEMS_NAME)]
      : [];
  return [...categoryTree(rows, session.shopId, perPage), ...collections, ...suggested];
}

/** Top sellers of the shop by quantity in received and finalized orders, then by ranking; stable pages. */
export async function topSellers(ctx: CatalogContext, request: PageRequest): Promise<PagedProducts> {
  return listTopSellers(ctx.db, ctx.tokenKey, ctx.session.shopId, request);
}

/** Products of a category (with descendants), collection or the suggestions, narrowed by text and filters. */
export async function searchProducts(ctx: CatalogContext, body: ProductSearchBody): Promise<PagedProducts> {
  const scope = await resolveScope(ctx.db, ctx.session, parseCategoryParam(body.category));
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
