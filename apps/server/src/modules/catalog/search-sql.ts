/**
 * SQL fragments shared by listings and facets: which products a request may see (shop, visibility, scope),
 * the text match and its relevance tier, and one condition per facet filter. Every value is a bind
 * parameter; identifiers are fixed. The SQL runs unchanged on PGlite and PostgreSQL.
 */
import { reaisToCents } from '@vitrine/contracts/money';
import type { SearchFilter } from '@vitrine/contracts/catalog-api';

/** The words of a search box value (scope.ts parseTextQuery folds them). */
export type TextQuery = {
  /** Trimmed text as typed, for the fingerprint of a listing. */
  text: string;
  /** Folded words, in order; may be empty (punctuation only), which matches nothing. */
  words: string[];
};

/** Collects bind parameters and hands out their placeholders. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** What a listing is restricted to, before text and filters. Ids are providerIds. */
export type Scope =
  | { kind: 'all' }
  | { kind: 'category'; providerId: string; parentProviderId: string | null }
  | { kind: 'collection'; providerId: string }
  | { kind: 'suggested'; productIds: string[]; terms: TextQuery[] };

export type ScopeSql = {
  /** CTEs this scope needs. */
  ctes: string[];
  join: string;
  where: string;
  /** Boolean SQL: the category or collection exists (false → 404). */
  found: string;
  /** The scope's own order (collection position, suggestion order), descending. */
  key?: { expr: string; type: 'integer' };
};

/** The shop's products the session may see: hidden inactive products when the shop setting says so. */
export function visibleSql(shop: string): string {
  return `p.shop_id = ${shop} and (p.is_active or not exists (
    select 1 from shops s where s.id = ${shop} and s.settings -> 'hiddenInactiveProducts' = 'true'::jsonb))`;
}

/** A category and all its descendants, as a recursive CTE named `name` with one column `id`. */
function subtreeCte(name: string, shop: string, providerIds: string): string {
  // A child is in its parent's shop: naming the shop lets the walk use (shop_id, parent_id) rather than read every
  // shop's categories at each level (issue 40: 5× the database time of a category page at 1,000 shops).
  return `${name} as (
    select c.id from categories c where c.shop_id = ${shop} and c.provider_id = any(${providerIds}::text[])
    union
    select c.id from categories c join ${name} t on c.parent_id = t.id where c.shop_id = ${shop})`;
}

export function scopeSql(scope: Scope, shop: string, params: SqlParams): ScopeSql {
  switch (scope.kind) {
    case 'all':
      return { ctes: [], join: '', where: 'true', found: 'true' };
    case 'category': {
      const ctes = [subtreeCte('scope_categories', shop, params.add([scope.providerId]))];
      let found = 'exists (select 1 from scope_categories)';
      if (scope.parentProviderId !== null) {
        // The subcategory must sit under the category it was selected with.
        ctes.push(subtreeCte('scope_parent_tree', shop, params.add([scope.parentProviderId])));
        found = `exists (select 1 from categories c join scope_parent_tree t on t.id = c.id
                          where c.shop_id = ${shop} and c.provider_id = ${params.add(scope.providerId)})`;
      }
      return { ctes, join: '', where: 'p.category_id in (select id from scope_categories)', found };
    }
    case 'collection':
      return {
        ctes: [
          `scope_collection as (select id from collections where shop_id = ${shop} and provider_id = ${params.add(scope.providerId)})`,
        ],
        join: 'join collection_products cp on cp.product_id = p.id and cp.collection_id = (select id from scope_collection)',
        where: 'true',
        found: 'exists (select 1 from scope_collection)',
        key: { expr: '-cp.position', type: 'integer' },
      };
    case 'suggested': {
      // The assistant's products first, in its order; then matches of any of its terms, by best tier.
      const ids = params.add(scope.productIds);
      const terms = scope.terms.map((term, i) => textSql(term, `suggested_${i}`, shop, params));
      const byTerms = terms.length
        ? `greatest(${terms.map((t) => `case when ${t.where} then ${t.tier} else 0 end`).join(', ')})`
        : '0';
      return {
        ctes: terms.map((t) => t.cte),
        join: '',
        where: `(${[`p.provider_id = any(${ids}::text[])`, ...terms.map((t) => t.where)].join(' or ')})`,
        found: 'true',
        key: {
          expr: `(case when p.provider_id = any(${ids}::text[])
            then 1000000 - array_position(${ids}::text[], p.provider_id) else ${byTerms} end)`,
          type: 'integer',
        },
      };
    }
  }
}

/** A text match: a CTE computing its tsqueries, the condition, and the relevance tier (integer, higher first). */
export type TextSql = { cte: string; where: string; tier: string };

/**
 * A text match. The CTE `name(q_all, q_main, q_name)` stems each word with vitrine_pt and looks it up in the
 * shop's vocabulary: a whole lexeme matches exactly ('cafe' → caf, not cafeteira); the start of lexemes
 * matches as a prefix ('choco' → choc:*); anything else is a typo, replaced by the most similar lexeme
 * (pg_trgm similarity ≥ 0.3). Every word must match: anywhere (q_all), in name, brand, category or
 * attributes (q_main, weights A and B) or in the name (q_name, weight A). Tier: 3 name, 2 main, 1 anywhere
 * (description) — name matches always rank first.
 */
export function textSql(text: TextQuery, name: string, shop: string, params: SqlParams): TextSql {
  const cte = `${name} as (
    select to_tsquery('simple', string_agg(t.term, ' & ' order by t.ord)) as q_all,
           to_tsquery('simple', string_agg(t.term || case when t.exact then ':AB' else 'AB' end, ' & ' order by t.ord)) as q_main,
           to_tsquery('simple', string_agg(t.term || case when t.exact then ':A' else 'A' end, ' & ' order by t.ord)) as q_name
      from (select l.ord, l.exact, l.lexeme || case when l.exact then '' else ':*' end as term
              from (select w.ord,
                      coalesce(exact.word, corrected.word, s.stem) as lexeme,
                      exact.word is not null or (prefix.found is null and corrected.word is not null) as exact
                      from unnest(${params.add(text.words)}::text[]) with ordinality as w(word, ord)
                      cross join lateral (select (tsvector_to_array(to_tsvector('vitrine_pt', w.word)))[1] as stem) s
                      left join lateral (select v.word from catalog_search_words v
                                          where v.shop_id = ${shop} and v.word = s.stem) exact on true
                      left join lateral (select true as found from catalog_search_words v
                                          where exact.word is null and v.shop_id = ${shop}
                                            and v.word > s.stem and v.word < s.stem || '~' limit 1) prefix on true
                      left join lateral (select v.word from catalog_search_words v
                                          where exact.word is null and prefix.found is null and v.shop_id = ${shop}
                                            and length(s.stem) >= 3 and v.word % s.stem
                                          order by similarity(v.word, s.stem) desc, v.word limit 1) corrected on true
                     where s.stem is not null) l) t)`;
  return {
    cte,
    where: `p.search_vector @@ (select q_all from ${name})`,
    tier: `(case when p.search_vector @@ (select q_name from ${name}) then 3
                 when p.search_vector @@ (select q_main from ${name}) then 2 else 1 end)`,
  };
}

/** The effective price in centavos, as the product's `price` on the wire. */
export const PRICE_SQL = 'coalesce(p.promotional_price_cents, p.price_cents)';
/** Separator of attribute name and option name in `products.search_attributes` (see migration 0002). */
export const ATTRIBUTE_SEPARATOR = '\u001f';

export type FilterSql = { key: string; where: string; cte: string };

/** One boolean condition per filter; a `category` filter also needs a CTE. */
export function filterSql(filter: SearchFilter, shop: string, params: SqlParams): FilterSql {
  const values = filter.values ?? [];
  switch (filter.key) {
    case 'brand':
      return { key: filter.key, where: `p.brand_name = any(${params.add(values)}::text[])`, cte: '' };
    case 'seller':
      return { key: filter.key, where: `p.seller_name = any(${params.add(values)}::text[])`, cte: '' };
    case 'category':
      return {
        key: filter.key,
        where: 'p.category_id in (select id from filter_categories)',
        cte: subtreeCte('filter_categories', shop, params.add(values)),
      };
    case 'price': {
      const range = filter.range ?? { from: 0, to: 0 };
      const from = params.add(reaisToCents(range.from));
      const to = params.add(reaisToCents(range.to));
      return { key: filter.key, where: `${PRICE_SQL} between ${from}::integer and ${to}::integer`, cte: '' };
    }
    default: {
      const attribute = filter.key.slice('attr:'.length);
      const pairs = values.map((value) => `${attribute}${ATTRIBUTE_SEPARATOR}${value}`);
      return { key: filter.key, where: `p.search_attributes && ${params.add(pairs)}::text[]`, cte: '' };
    }
  }
}
