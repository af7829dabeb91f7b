import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { category, facet, pagedProducts } from '@vitrine/contracts/catalog';
import { envelope } from '@vitrine/contracts/envelope';
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
import { ok, okSchema } from '../lib/envelope.ts';
import { requireSession } from '../plugins/auth.ts';
import { assistantRequests } from '../modules/order/service.ts';
import { productFacets } from '../modules/catalog/facets.ts';
import { pageTokenKey } from '../modules/catalog/page-token.ts';
import {
  collectionProducts,
  listCategories,
  productsByIds,
  searchProducts,
  searchText,
  topSellers,
  type CatalogContext,
} from '../modules/catalog/service.ts';

const tags = ['catalog'];
const paged = okSchema(pagedProducts);
const pagedEnvelope = envelope(pagedProducts);
const facetsEnvelope = envelope(z.array(facet));

/** Catalogue API of spec §7: categories, top sellers, searches, collections, products by ids, facets. */
export async function catalogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tokenKey = pageTokenKey(app.config.platformApiKey);
  const context = (request: FastifyRequest): CatalogContext => {
    const session = requireSession(request);
    return { db: app.db, session, tokenKey, assistantRequests: () => assistantRequests(app.db, session) };
  };
  /**
   * A listing or facet answer that does not depend on who asks (every scope but the order's 'Sugeridos'):
   * served from the shop's short-lived catalogue cache as the JSON text of its response, checked against the
   * route's response schema and serialized once when loaded (as the route's serializer would), then sent as is
   * to every session of the shop that asks the same.
   */
  const shared = async <T extends object>(
    request: FastifyRequest,
    reply: FastifyReply,
    endpoint: string,
    input: object,
    schema: z.ZodType,
    load: () => Promise<T>,
  ) => {
    const { shopId } = requireSession(request);
    const category = 'category' in input && typeof input.category === 'string' ? input.category : '';
    if (category.split(',')[0]?.trim() === SUGGESTED_ITEMS) return ok(await load());
    const key = `${shopId}|${endpoint}|${JSON.stringify(input)}`;
    const answer = (await app.catalogCache.getOrLoad(key, async () => ({
      json: JSON.stringify(z.encode(schema, ok(await load()))),
    }))) as { json: string };
    return reply.type('application/json; charset=utf-8').send(answer.json);
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
    async (request) => ok(await listCategories(context(request), request.query.perPage)),
  );

  r.get(
    '/api/catalog/top',
    { schema: { tags, summary: 'Top sellers (Todos tab)', querystring: pageQuery, response: paged } },
    async (request, reply) =>
      shared(request, reply, 'top', request.query, pagedEnvelope, () =>
        topSellers(context(request), request.query),
      ),
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
    async (request, reply) =>
      shared(request, reply, 'search', request.body, pagedEnvelope, () =>
        searchProducts(context(request), request.body),
      ),
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
    async (request, reply) =>
      shared(request, reply, 'searchText', request.body, pagedEnvelope, () =>
        searchText(context(request), request.body),
      ),
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
    async (request, reply) =>
      shared(request, reply, `collection:${request.params.id}`, request.query, pagedEnvelope, () =>
        collectionProducts(context(request), request.params.id, request.query),
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
    async (request, reply) =>
      shared(request, reply, 'facets', request.query, facetsEnvelope, () =>
        productFacets(context(request), request.query),
      ),
  );
}
