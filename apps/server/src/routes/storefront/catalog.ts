import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { category, facet, pagedProducts, type PagedProducts } from '@vitrine/contracts/catalog';
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
import { ok, okSchema } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { assistantRequests } from '../../modules/order/service.ts';
import {
  productFacets,
  pageTokenKey,
  collectionProducts,
  listCategories,
  productsByIds,
  searchProducts,
  searchText,
  topSellers,
  type CatalogContext,
} from '../../modules/catalog/service.ts';

const tags = ['catalog'];
const paged = okSchema(pagedProducts);
const pagedEnvelope = envelope(pagedProducts);
const facetsEnvelope = envelope(z.array(facet));

/** The options of a route answering a page of products: its summary and input schemas. */
const listing = <Input extends object>(summary: string, input: Input) => ({
  schema: { tags, summary, ...input, response: paged },
});

/** Catalogue API of spec §7: categories, top sellers, searches, collections, products by ids, facets. */
export async function catalogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tokenKey = pageTokenKey(app.config.platformApiKey);
  const context = (request: FastifyRequest): CatalogContext => {
    const session = requireSession(request);
    // Catalogue reads may go to a replica that has this session's writes (decision 0060); 'Sugeridos' reads the
    // order's requests, which decide nothing but are the order's: the primary.
    const db = app.readDbFor(request);
    return { db, session, tokenKey, assistantRequests: () => assistantRequests(app.db, session) };
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
    answer: (ctx: CatalogContext) => Promise<T>,
    /** Told, cached or not, when the answer is a page without products. */
    onEmpty?: (shopId: string) => void,
  ) => {
    const ctx = context(request);
    const load = () => answer(ctx);
    const category = 'category' in input && typeof input.category === 'string' ? input.category : '';
    if (category.split(',')[0]?.trim() === SUGGESTED_ITEMS) return ok(await load());
    const key = `${ctx.session.shopId}|${endpoint}|${JSON.stringify(input)}`;
    const cached = (await app.catalogCache.getOrLoad(key, async () => {
      const loaded = await load();
      const data = 'data' in loaded ? loaded.data : null;
      return {
        json: JSON.stringify(z.encode(schema, ok(loaded))),
        empty: Array.isArray(data) && data.length === 0,
      };
    })) as { json: string; empty: boolean };
    if (cached.empty) onEmpty?.(ctx.session.shopId);
    return reply.type('application/json; charset=utf-8').send(cached.json);
  };
  /** A page of products through `shared`. */
  const sharedPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    endpoint: string,
    input: object,
    answer: (ctx: CatalogContext) => Promise<PagedProducts>,
    onEmpty?: (shopId: string) => void,
  ) => shared(request, reply, endpoint, input, pagedEnvelope, answer, onEmpty);

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
    listing('Top sellers (Todos tab)', { querystring: pageQuery }),
    async (request, reply) =>
      sharedPage(request, reply, 'top', request.query, (ctx) => topSellers(ctx, request.query)),
  );

  r.post(
    '/api/catalog/products/search',
    listing('Products of a category, collection or Sugeridos, with text and filters', {
      body: productSearchBody,
    }),
    async (request, reply) =>
      sharedPage(request, reply, 'search', request.body, (ctx) => searchProducts(ctx, request.body)),
  );

  r.post(
    '/api/catalog/products/searchText',
    listing('Text search over the whole shop, with filters', { body: searchTextBody }),
    async (request, reply) => {
      const { body } = request;
      // A first page of the whole shop without filters that found nothing: the shop's catalogue lacks the term
      // (Relatórios › Produtos). Counted in memory, written later (modules/analytics/recorder.ts).
      const miss =
        body.pageNumber === 0 && !body.pageToken && !body.filters?.length && body.searchQuery
          ? (shopId: string) => app.analytics.searchMiss(shopId, body.searchQuery!)
          : undefined;
      return sharedPage(request, reply, 'searchText', body, (ctx) => searchText(ctx, body), miss);
    },
  );

  r.get(
    '/api/catalog/products/collections/:id',
    listing('Products of a collection', { params: collectionParams, querystring: collectionQuery }),
    async (request, reply) =>
      sharedPage(request, reply, `collection:${request.params.id}`, request.query, (ctx) =>
        collectionProducts(ctx, request.params.id, request.query),
      ),
  );

  // A wildcard, not `:ids`: the router caps named parameters at 100 characters and 100 ids need more.
  r.get(
    '/api/catalog/products/byids/*',
    listing('Products by comma-joined providerIds, in that order', {
      params: z.object({ '*': productIdList }),
    }),
    async (request) =>
      ok(await productsByIds(app.readDbFor(request), requireSession(request), request.params['*'])),
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
      shared(request, reply, 'facets', request.query, facetsEnvelope, (ctx) =>
        productFacets(ctx, request.query),
      ),
  );
}
