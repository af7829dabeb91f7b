import type { PagedProducts } from '@vitrine/contracts/catalog';
import type { SearchFilter, SearchTextBody } from '@vitrine/contracts/catalog-api';
import { apiCall } from '../../../lib/api-client';
import { pageFields, type PageParams } from './page-params';

/** `POST /api/catalog/products/searchText`: one page of the whole shop matching the text and filters. */
export function searchTextProducts(
  input: PageParams & { searchQuery: string | null; filters: SearchFilter[] },
  signal?: AbortSignal,
): Promise<PagedProducts> {
  const body: SearchTextBody = {
    ...pageFields(input),
    searchQuery: input.searchQuery,
    filters: input.filters.length ? input.filters : null,
  };
  return apiCall<PagedProducts>('products', 'POST', '/api/catalog/products/searchText', { body, signal });
}
