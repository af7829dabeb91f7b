import type { Facet } from '@vitrine/contracts/catalog';
import {
  ATTRIBUTE_FACET_PREFIX,
  FACET_NAMES,
  type FacetsQuery,
  type SearchFilter,
} from '@vitrine/contracts/catalog-api';
import { centsToReais } from '@vitrine/contracts/money';
import { notFound } from '../../lib/app-error.ts';
import { facetsSql, type FacetCount, type FacetsRow } from './facets-sql.ts';
import { parseCategoryParam, parseTextQuery, resolveScope, type CatalogContext } from './scope.ts';
import { scopeSql, SqlParams, textSql, visibleSql } from './search-sql.ts';

/** Keeps selected values visible (quantity 0) when the other filters leave none of them, so they can be unticked. */
function withSelected(
  values: FacetCount[],
  selected: string[] | undefined,
  name = (v: string) => v,
): FacetCount[] {
  const missing = (selected ?? []).filter((v) => !values.some((x) => x.value === v));
  return [...values, ...missing.map((value) => ({ value, name: name(value), quantity: 0 }))];
}

function facet(key: string, name: string, values: Facet['values']): Facet {
  return { key, name, hidden: values.length === 0, values };
}

function priceFacet(price: FacetsRow['price']): Facet {
  if (!price.count || price.min === null || price.max === null)
    return { ...facet('price', FACET_NAMES.price, []), hidden: true };
  const range = { from: centsToReais(price.min), to: centsToReais(price.max) };
  return {
    key: 'price',
    name: FACET_NAMES.price,
    hidden: price.min === price.max,
    values: [{ value: 'price', name: FACET_NAMES.price, quantity: price.count, range }],
  };
}

/** Facets in display order: Marca, Vendido por, Categoria, one per attribute, Preço. */
function toFacets(row: FacetsRow, filters: SearchFilter[]): Facet[] {
  const selected = (key: string) => filters.find((f) => f.key === key)?.values;
  const attributes = new Map<string, FacetCount[]>();
  for (const { attribute, ...value } of row.attributes) {
    attributes.set(attribute, [...(attributes.get(attribute) ?? []), value]);
  }
  for (const f of filters) {
    const name = f.key.slice(ATTRIBUTE_FACET_PREFIX.length);
    if (f.key.startsWith(ATTRIBUTE_FACET_PREFIX) && !attributes.has(name)) attributes.set(name, []);
  }
  return [
    facet('brand', FACET_NAMES.brand, withSelected(row.brand, selected('brand'))),
    facet('seller', FACET_NAMES.seller, withSelected(row.seller, selected('seller'))),
    facet('category', FACET_NAMES.category, withSelected(row.category, selected('category'))),
    ...[...attributes].map(([name, values]) => {
      const key = `${ATTRIBUTE_FACET_PREFIX}${name}`;
      return facet(key, name, withSelected(values, selected(key)));
    }),
    priceFacet(row.price),
  ];
}

/**
 * Facets for a search box text, category and filters, counted over the products the listing would show.
 * Each facet's counts apply every filter but its own (OR within a facet, AND between facets).
 */
export async function productFacets(ctx: CatalogContext, query: FacetsQuery): Promise<Facet[]> {
  const { db, session } = ctx;
  const scope = await resolveScope(parseCategoryParam(query.category), ctx.assistantRequests);
  const text = parseTextQuery(query.searchQuery);
  const filters = query.filters ?? [];
  const params = new SqlParams();
  const shop = params.add(session.shopId);
  const sql = facetsSql(
    {
      shop,
      scope: scopeSql(scope, shop, params),
      text: text ? textSql(text, 'text_query', shop, params) : null,
      filters,
      visible: visibleSql(shop),
    },
    params,
  );
  const [row] = await db.query<FacetsRow>(sql, params.values);
  if (!row) throw new Error('facets statement returned no row');
  if (!row.found) throw notFound(scope.kind === 'collection' ? 'collectionNotFound' : 'categoryNotFound');
  return toFacets(row, filters);
}
