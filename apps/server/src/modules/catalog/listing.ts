import type { PagedProducts } from '@vitrine/contracts/catalog';
import type { SearchFilter } from '@vitrine/contracts/catalog-api';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { listingSql, pageSql, type PageWindow, type SortKey } from './listing-sql.ts';
import { decodePageToken, encodePageToken, listingFingerprint } from './page-token.ts';
import type { ProductJson } from './product-repository.ts';
import {
  filterSql,
  scopeSql,
  SqlParams,
  textSql,
  visibleSql,
  type Scope,
  type TextQuery,
} from './search-sql.ts';
import { serializeProduct } from './serialize.ts';
import { topSellersSql, TOP_KEYS } from './top-sql.ts';

export type PageRequest = { pageNumber: number; perPage: number; pageToken?: string | null };

export type ProductListing = {
  shopId: string;
  scope: Scope;
  text: TextQuery | null;
  filters: SearchFilter[];
};

type Built = { ctes: string[]; page: string; keyCount: number; found: string };
type ListingRow = { found: boolean; snapshot: number | string; rows: ProductJson[] };

/**
 * Runs one page of a listing: checks the token against the listing's fingerprint, builds the statement for
 * the page window, and returns the wire page with the token of the next page (null on the last one).
 */
async function runPaged(
  db: Queryable,
  tokenKey: Buffer,
  identity: unknown,
  request: PageRequest,
  build: (window: PageWindow, params: SqlParams) => Built,
): Promise<{ found: boolean; page: PagedProducts }> {
  const fingerprint = listingFingerprint(identity);
  const cursor = decodePageToken(tokenKey, fingerprint, request.pageToken, request.pageNumber);
  const window: PageWindow = {
    cursor,
    offset: cursor ? 0 : request.pageNumber * request.perPage,
    perPage: request.perPage,
  };
  const params = new SqlParams();
  const built = build(window, params);
  const sql = listingSql(
    built.ctes,
    built.page,
    built.keyCount,
    built.found,
    cursor?.snapshot ?? null,
    params,
  );
  const [row] = await db.query<ListingRow>(sql, params.values);
  if (!row) throw new Error('listing statement returned no row');
  const rows = row.rows.slice(0, request.perPage);
  const hasMore = row.rows.length > request.perPage;
  const last = rows.at(-1);
  const token =
    hasMore && last?.keys
      ? encodePageToken(tokenKey, fingerprint, {
          page: request.pageNumber + 1,
          snapshot: Number(row.snapshot),
          keys: last.keys,
        })
      : null;
  return {
    found: row.found,
    page: {
      data: rows.map(serializeProduct),
      page: request.pageNumber,
      perPage: request.perPage,
      hasMore,
      token,
    },
  };
}

const RANKING: SortKey = { expr: 'p.ranking', type: 'integer' };

/** One page of products for a scope, text and filters; 404 when the category or collection does not exist. */
export async function listProducts(
  db: Queryable,
  tokenKey: Buffer,
  endpoint: string,
  listing: ProductListing,
  request: PageRequest,
): Promise<PagedProducts> {
  // The suggested scope is named, not listed: new assistant suggestions must not void a shopper's token.
  const scope = listing.scope.kind === 'suggested' ? { kind: 'suggested' } : listing.scope;
  const identity = [endpoint, listing.shopId, scope, listing.text?.text ?? '', listing.filters];
  const { found, page } = await runPaged(db, tokenKey, identity, request, (window, params) => {
    const shop = params.add(listing.shopId);
    const scope = scopeSql(listing.scope, shop, params);
    const text = listing.text ? textSql(listing.text, 'text_query', shop, params) : null;
    const filters = listing.filters.map((f) => filterSql(f, shop, params));
    // Suggestions keep the assistant's order (then ranking); text ranks by tier, then ranking; a collection
    // keeps its own order; anything else goes by ranking.
    let keys: SortKey[] = [RANKING];
    if (scope.key && listing.scope.kind === 'suggested') keys = [scope.key, RANKING];
    else if (text) keys = [{ expr: text.tier, type: 'integer' }, RANKING];
    else if (scope.key) keys = [scope.key];
    const where = [
      visibleSql(shop),
      scope.where,
      ...(text ? [text.where] : []),
      ...filters.map((f) => f.where),
    ];
    const ctes = [
      ...scope.ctes,
      ...(text ? [text.cte] : []),
      ...filters.flatMap((f) => (f.cte ? [f.cte] : [])),
    ];
    const page = pageSql({ join: scope.join, where, keys }, window, params);
    return { ctes, page, keyCount: keys.length, found: scope.found };
  });
  if (!found) throw notFound(listing.scope.kind === 'collection' ? 'collectionNotFound' : 'categoryNotFound');
  return page;
}

/** One page of the shop's top sellers. */
export async function listTopSellers(
  db: Queryable,
  tokenKey: Buffer,
  shopId: string,
  request: PageRequest,
): Promise<PagedProducts> {
  const { page } = await runPaged(db, tokenKey, ['top', shopId], request, (window, params) => {
    const { ctes, page: body } = topSellersSql(params.add(shopId), window, params);
    return { ctes, page: body, keyCount: TOP_KEYS.length, found: 'true' };
  });
  return page;
}
