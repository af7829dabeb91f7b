/**
 * Which catalogue call a query needs (spec §7), as data, so the choice is testable without the network.
 *
 * - no category, no text, no filters → top sellers (`GET /api/catalog/top`);
 * - no category otherwise → `POST /api/catalog/products/searchText`;
 * - a collection with neither text nor filters → `GET /api/catalog/products/collections/{id}`;
 * - any other category (tree, collection, SUGGESTED_ITEMS) → `POST /api/catalog/products/search`.
 */
import type { FacetsQueryInput, SearchFilter } from '@vitrine/contracts/catalog-api';
import { COLLECTION_PREFIX } from '@vitrine/contracts/catalog-ids';
import { isCollectionId } from './catalog-constants';
import { scopeCategory, type CatalogQuery } from './catalog-query';

export type ListingRequest =
  | { kind: 'top' }
  | { kind: 'collection'; collectionId: string }
  | { kind: 'searchText'; searchQuery: string | null; filters: SearchFilter[] }
  | { kind: 'search'; category: string; searchQuery: string | null; filters: SearchFilter[] };

function searchTextOf(query: CatalogQuery): string | null {
  return query.mode === 'search' && query.searchText ? query.searchText : null;
}

export function listingRequest(query: CatalogQuery): ListingRequest {
  const category = scopeCategory(query);
  const searchQuery = searchTextOf(query);
  const { filters } = query;
  if (!category) {
    return searchQuery || filters.length ? { kind: 'searchText', searchQuery, filters } : { kind: 'top' };
  }
  if (isCollectionId(category) && !searchQuery && filters.length === 0) {
    return { kind: 'collection', collectionId: category.slice(COLLECTION_PREFIX.length) };
  }
  return { kind: 'search', category, searchQuery, filters };
}

/** Query of `GET /api/catalog/products/facets` for the listing of `query`. */
export function facetsRequest(query: CatalogQuery): FacetsQueryInput {
  const request: FacetsQueryInput = {};
  const searchQuery = searchTextOf(query);
  const category = scopeCategory(query);
  if (searchQuery) request.searchQuery = searchQuery;
  if (category) request.category = category;
  if (query.filters.length) request.filters = JSON.stringify(query.filters);
  return request;
}
