/**
 * Facet counts in one statement (disjunctive faceting). `base` holds the products matching shop, visibility,
 * scope and text, with one boolean column per filter; `cells` groups them by what the facets count (decision
 * 0067). Each facet then counts the rows that pass every OTHER filter: a facet's own selection never narrows its own counts, so a shopper can widen it (OR within a
 * facet, AND between facets). Attribute facets count `search_attributes` pairs; price returns min/max.
 */
import type { SearchFilter } from '@vitrine/contracts/catalog-api';
import {
  ATTRIBUTE_SEPARATOR,
  filterSql,
  PRICE_SQL,
  type ScopeSql,
  type SqlParams,
  type TextSql,
} from './search-sql.ts';

/** Most values returned per facet (selected values are always returned). */
export const FACET_VALUE_LIMIT = 50;
/** Most attribute facets returned. */
export const ATTRIBUTE_FACET_LIMIT = 20;

export type FacetCount = { value: string; name: string; quantity: number };
export type FacetsRow = {
  found: boolean;
  brand: FacetCount[];
  seller: FacetCount[];
  category: FacetCount[];
  attributes: (FacetCount & { attribute: string })[];
  price: { min: number | null; max: number | null; count: number };
};

export type FacetsInput = {
  shop: string;
  scope: ScopeSql;
  text: TextSql | null;
  filters: SearchFilter[];
  visible: string;
};

export function facetsSql(input: FacetsInput, params: SqlParams): string {
  const filters = input.filters.map((f) => filterSql(f, input.shop, params));
  const flags = filters.map((f, i) => `(${f.where}) as f${i}`);
  const where = [input.visible, input.scope.where, ...(input.text ? [input.text.where] : [])];
  const base = `base as (
    select p.id, p.brand_name, p.seller_name, p.category_id, p.search_attributes, ${PRICE_SQL} as price
      ${flags.map((f) => `, ${f}`).join('')}
      from products p ${input.scope.join} where ${where.join(' and ')})`;
  const ctes = [
    ...input.scope.ctes,
    ...(input.text ? [input.text.cte] : []),
    ...filters.map((f) => f.cte),
    base,
  ].filter(Boolean);

  /** Rows passing every filter except those whose key `skip` accepts. */
  const others = (skip: (key: string) => boolean) =>
    filters
      .flatMap((f, i) => (skip(f.key) ? [] : [`b.f${i}`]))
      .concat('true')
      .join(' and ');
  const sep = params.add(ATTRIBUTE_SEPARATOR);
  const limit = params.add(FACET_VALUE_LIMIT);
  // The matches' few combinations of brand, seller, category, attributes and filter flags, with their count and
  // prices (`cells`): every count below reads these rows, not the matches (issue 41: a common word has thousands).
  const flagCols = filters.map((_, i) => `, b.f${i}`).join('');
  const cells = `cells as materialized (
    select b.brand_name, b.seller_name, b.category_id, b.search_attributes${flagCols}, count(*) as n,
           min(b.price) as min_price, max(b.price) as max_price
      from base b group by b.brand_name, b.seller_name, b.category_id, b.search_attributes${flagCols})`;
  // Brand, seller, category and price in one pass: one grouping set each, every count filtered by the
  // other facets' filters only. grouping() tells the sets apart: 3 brand, 5 seller, 6 category, 7 all.
  const sum = (skip: string) => `coalesce(sum(b.n) filter (where ${others((k) => k === skip)}), 0)::int`;
  const counts = `counts as (
    select b.brand_name, b.seller_name, b.category_id, grouping(b.brand_name, b.seller_name, b.category_id) as g,
           ${sum('brand')} as n_brand, ${sum('seller')} as n_seller, ${sum('category')} as n_category,
           ${sum('price')} as n_price,
           min(b.min_price) filter (where ${others((k) => k === 'price')}) as min_price,
           max(b.max_price) filter (where ${others((k) => k === 'price')}) as max_price
      from cells b group by grouping sets ((b.brand_name), (b.seller_name), (b.category_id), ()))`;
  const valueList = (select: string) =>
    `(select coalesce(json_agg(json_build_object('value', x.value, 'name', x.name, 'quantity', x.quantity)
        order by x.quantity desc, x.name), '[]') from (${select} order by quantity desc, name limit ${limit}) x)`;
  const column = (name: 'brand_name' | 'seller_name', count: string, set: number) =>
    valueList(`select c.${name} as value, c.${name} as name, c.${count} as quantity from counts c
      where c.g = ${set} and c.${name} is not null and c.${count} > 0`);

  // An attribute facet ignores the filter on its own attribute only.
  const attributeSelf = filters
    .map((f, i) =>
      f.key.startsWith('attr:')
        ? `(split_part(b.pair, ${sep}, 1) = ${params.add(f.key.slice(5))} or b.f${i})`
        : '',
    )
    .filter(Boolean);
  const attributes = `(select coalesce(json_agg(json_build_object('attribute', y.attribute, 'value', y.value,
      'name', y.value, 'quantity', y.quantity) order by y.attribute_rank, y.quantity desc, y.value), '[]')
    from (select x.*, dense_rank() over (order by x.attribute_total desc, x.attribute) as attribute_rank,
                 row_number() over (partition by x.attribute order by x.quantity desc, x.value) as value_rank
            from (select split_part(b.pair, ${sep}, 1) as attribute, split_part(b.pair, ${sep}, 2) as value,
                         sum(b.n)::int as quantity,
                         sum(sum(b.n)) over (partition by split_part(b.pair, ${sep}, 1)) as attribute_total
                    from (select cells.*, unnest(cells.search_attributes) as pair from cells) b
                   where ${[others((k) => k.startsWith('attr:')), ...attributeSelf].join(' and ')}
                   group by 1, 2) x) y
   where y.value_rank <= ${limit} and y.attribute_rank <= ${params.add(ATTRIBUTE_FACET_LIMIT)})`;

  return `with recursive ${[...ctes, cells, counts].join(',\n')}
    select ${input.scope.found} as found,
      ${column('brand_name', 'n_brand', 3)} as brand,
      ${column('seller_name', 'n_seller', 5)} as seller,
      ${valueList(`select k.provider_id as value, k.name, c.n_category as quantity from counts c
          join categories k on k.id = c.category_id where c.g = 6 and c.n_category > 0`)} as category,
      ${attributes} as attributes,
      (select json_build_object('min', c.min_price, 'max', c.max_price, 'count', c.n_price) from counts c
        where c.g = 7) as price`;
}
