import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { category, facet, pagedProducts } from '@vitrine/contracts/catalog';
import {
  categoriesQuery,
  collectionParams,
  collectionQuery,
  facetsQuery,
  pageQuery,
  productIdList,
  productSearchBody,
  searchTextBody,
  SUGGESTED_ITEMS,
} from '@vitrine/contracts/catalog-api';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { productFacets } from './facets.ts';
import { pageTokenKey } from './page-token.ts';
import {
  collectionProducts,
  listCategories,
  productsByIds,
  searchProducts,
  searchText,
  topSellers,
  type CatalogContext,
} from './service.ts';

const tags = ['catalog'];
const paged = okSchema(pagedProducts);

/** Catalogue API of spec §7: categories, top sellers, searches, collections, products by ids, facets. */
export async function catalogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tokenKey = pageTokenKey(app.config.platformApiKey);
  const context = (request: FastifyRequest): CatalogContext => ({
    db: app.db,
    session: requireSession(request),
    tokenKey,
  });
  /**
   * A listing or facet answer that does not depend on who asks (every scope but the order's 'Sugeridos'):
   * served from the shop's short-lived catalogue cache.
   */
  const shared = <T extends object>(
    request: FastifyRequest,
    endpoint: string,
    input: object,
    load: () => Promise<T>,
  ): Promise<T> => {
    const { shopId } = requireSession(request);
    const category = 'category' in input && typeof input.category === 'string' ? input.category : '';
    if (category.split(',')[0]?.trim() === SUGGESTED_ITEMS) return load();
    const key = `${shopId}|${endpoint}|${JSON.stringify(input)}`;
    return app.catalogCache.getOrLoad(key, load) as Promise<T>;
  };

  r.get(
    '/api/catalog/categories',
    {
      schema: {
        tags,
        summary: 'Category tabs: tree, collections, Sugeridos',
        querystring: categoriesQuery,
        response: okSchema(z.array(category)),
      },
    },
    async (request) => ok(await listCategories(app.db, requireSession(request), request.query.perPage)),
  );

  r.get(
    '/api/catalog/top',
    { schema: { tags, summary: 'Top sellers (Todos tab)', querystring: pageQuery, response: paged } },
    async (request) =>
      ok(await shared(request, 'top', request.query, () => topSellers(context(request), request.query))),
  );

  r.post(
    '/api/catalog/products/search',
    {
      schema: {
        tags,
        summary: 'Products of a category, collection or Sugeridos, with text and filters',
        body: productSearchBody,
        response: paged,
      },
    },
    async (request) =>
      ok(await shared(request, 'search', request.body, () => searchProducts(context(request), request.body))),
  );

  r.post(
    '/api/catalog/products/searchText',
    {
      schema: {
        tags,
        summary: 'Text search over the whole shop, with filters',
        body: searchTextBody,
        response: paged,
      },
    },
    async (request) =>
      ok(await shared(request, 'searchText', request.body, () => searchText(context(request), request.body))),
  );

  r.get(
    '/api/catalog/products/collections/:id',
    {
      schema: {
        tags,
        summary: 'Products of a collection',
        params: collectionParams,
        querystring: collectionQuery,
        response: paged,
      },
    },
    async (request) =>
      ok(
        await shared(request, `collection:${request.params.id}`, request.query, () =>
          collectionProducts(context(request), request.params.id, request.query),
        ),
      ),
  );

  // A wildcard, not `:ids`: the router caps named parameters at 100 characters and 100 ids need more.
  r.get(
    '/api/catalog/products/byids/*',
    {
      schema: {
        tags,
        summary: 'Products by comma-joined providerIds, in that order',
        params: z.object({ '*': productIdList }),
        response: paged,
      },
    },
    async (request) => ok(await productsByIds(app.db, requireSession(request), request.params['*'])),
  );

  r.get(
    '/api/catalog/products/facets',
    {
      schema: {
        tags,
        summary: 'Facets for a text, category and filters (JSON)',
        querystring: facetsQuery,
        response: okSchema(z.array(facet)),
      },
    },
    async (request) =>
      ok(
        await shared(request, 'facets', request.query, () =>
          productFacets(app.db, requireSession(request), request.query),
        ),
      ),
  );
}
