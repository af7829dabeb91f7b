/**
 * Request schemas of the catalogue API (`/api/catalog/*`). Responses use the wire schemas of `catalog.ts`.
 *
 * Filters and facets share their keys: every facet the server returns (`GET /api/catalog/products/facets`)
 * can be sent back as a filter with the same `key`, choosing among its `values[].value`:
 * - `brand` (Marca), `seller` (Vendido por), `category` (Categoria: category providerIds, a parent includes its
 *   descendants), `attr:<attribute name>` (e.g. `attr:Cor`; values are option names): `values`, OR within one key;
 * - `price` (Preço): `range` `{ from, to }` in reais, inclusive, on the product's price (promotional if set).
 * Different keys combine with AND.
 */
import { z } from 'zod';
import { MAX_SEARCH_LENGTH } from './catalog-ids.ts';

export {
  COLLECTION_PREFIX,
  MAX_SEARCH_LENGTH,
  SUGGESTED_ITEMS,
  SUGGESTED_ITEMS_NAME,
} from './catalog-ids.ts';

export const MAX_PER_PAGE = 100;
export const MAX_BY_IDS = 100;

export const FACET_NAMES = {
  brand: 'Marca',
  seller: 'Vendido por',
  category: 'Categoria',
  price: 'Preço',
} as const;
export const ATTRIBUTE_FACET_PREFIX = 'attr:';

const facetKey = z
  .string()
  .max(80, 'Chave de filtro longa demais')
  .refine((key) => key in FACET_NAMES || /^attr:.{1,60}$/s.test(key), {
    message: 'Chave de filtro desconhecida: use brand, seller, category, price ou attr:<atributo>',
  });

export const priceRange = z
  .object({ from: z.number().min(0).max(10_000_000), to: z.number().min(0).max(10_000_000) })
  .strict()
  .refine((r) => r.from <= r.to, { message: 'A faixa de preço deve ter from menor ou igual a to' });

export const searchFilter = z
  .object({
    key: facetKey,
    values: z.array(z.string().min(1).max(200)).max(50, 'No máximo 50 valores por filtro').optional(),
    range: priceRange.optional(),
  })
  .strict()
  .superRefine((filter, ctx) => {
    if (filter.key === 'price') {
      if (!filter.range)
        ctx.addIssue({ code: 'custom', message: 'O filtro de preço exige range {from, to}' });
    } else if (!filter.values?.length) {
      ctx.addIssue({ code: 'custom', message: `O filtro ${filter.key} exige ao menos um valor` });
    } else if (filter.range) {
      ctx.addIssue({ code: 'custom', message: 'Apenas o filtro de preço aceita range' });
    }
  });
export type SearchFilter = z.infer<typeof searchFilter>;

export const searchFilters = z
  .array(searchFilter)
  .max(20, 'No máximo 20 filtros')
  .refine((filters) => new Set(filters.map((f) => f.key)).size === filters.length, {
    message: 'Cada chave de filtro pode aparecer uma única vez',
  });

const pageNumber = z.number().int().min(0, 'A página começa em 0').max(10_000);
const perPage = z.number().int().min(1).max(MAX_PER_PAGE, `No máximo ${MAX_PER_PAGE} produtos por página`);
/** Opaque continuation token from the previous page (base64url); null or empty starts a new listing. */
const pageToken = z.string().max(1024, 'Token de paginação inválido').nullish();
const searchQuery = z
  .string()
  .max(MAX_SEARCH_LENGTH, `A busca aceita no máximo ${MAX_SEARCH_LENGTH} caracteres`)
  .nullish();
/** Comma-joined category providerIds: a category, then optionally one of its subcategories. */
const categoryParam = z.string().max(500, 'Categoria inválida').nullish();

/** Query of `GET /api/catalog/categories`: how many top-level categories (default 50). */
export const categoriesQuery = z.object({ perPage: z.coerce.number().pipe(perPage).default(50) }).strict();

/** Query of `GET /api/catalog/top` and of the collection listing. */
export const pageQuery = z
  .object({
    pageNumber: z.coerce.number().pipe(pageNumber).default(0),
    perPage: z.coerce.number().pipe(perPage).default(10),
    pageToken,
  })
  .strict();
export type PageQuery = z.infer<typeof pageQuery>;

/** Body of `POST /api/catalog/products/searchText`. */
export const searchTextBody = z
  .object({
    pageNumber: pageNumber.default(0),
    perPage: perPage.default(10),
    pageToken,
    searchQuery,
    filters: searchFilters.nullish(),
  })
  .strict();
export type SearchTextBody = z.infer<typeof searchTextBody>;

/** Body of `POST /api/catalog/products/search` (spec §3 "Product search payload"). */
export const productSearchBody = searchTextBody.extend({ category: categoryParam }).strict();
export type ProductSearchBody = z.infer<typeof productSearchBody>;

export const collectionParams = z.object({ id: z.string().min(1).max(200) }).strict();
/** Query of `GET /api/catalog/products/collections/{id}`. */
export const collectionQuery = pageQuery.extend({ searchQuery }).strict();
export type CollectionQuery = z.infer<typeof collectionQuery>;

/** `filters` of the facets query: the JSON text of a filter list. */
const filtersJson = z
  .string()
  .max(8000, 'Filtros longos demais')
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'filters deve ser um JSON válido' });
      return z.NEVER;
    }
  })
  .pipe(searchFilters);

/** Query of `GET /api/catalog/products/facets`. */
export const facetsQuery = z
  .object({ searchQuery, category: categoryParam, filters: filtersJson.optional() })
  .strict();
export type FacetsQuery = z.infer<typeof facetsQuery>;
/** The facets query as the client sends it: `filters` is the JSON text of the filter list. */
export type FacetsQueryInput = z.input<typeof facetsQuery>;

/** Comma-joined product providerIds of `GET /api/catalog/products/byids/{ids}`: 1 to 100 ids. */
export const productIdList = z
  .string()
  .max(MAX_BY_IDS * 201, 'Lista de ids longa demais')
  .transform((text) =>
    text
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.string().max(200, 'Id de produto longo demais'))
      .min(1, 'Informe ao menos um id de produto')
      .max(MAX_BY_IDS, `No máximo ${MAX_BY_IDS} ids por consulta`),
  );
