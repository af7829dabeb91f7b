import type { PagedProducts } from '@vitrine/contracts/catalog';
import type { ListingRequest } from '../lib/listing-request';
import { getCollectionProducts } from './get-collection-products';
import { getTopProducts } from './get-top-products';
import type { PageParams } from './page-params';
import { searchProducts } from './search-products';
import { searchTextProducts } from './search-text-products';

/** One page of a listing through the call its request names (see lib/listing-request.ts). */
export function loadListingPage(
  request: ListingRequest,
  page: PageParams,
  signal?: AbortSignal,
): Promise<PagedProducts> {
  switch (request.kind) {
    case 'top':
      return getTopProducts(page, signal);
    case 'collection':
      return getCollectionProducts({ ...page, collectionId: request.collectionId }, signal);
    case 'searchText':
      return searchTextProducts(
        { ...page, searchQuery: request.searchQuery, filters: request.filters },
        signal,
      );
    case 'search':
      return searchProducts(
        { ...page, category: request.category, searchQuery: request.searchQuery, filters: request.filters },
        signal,
      );
  }
}
