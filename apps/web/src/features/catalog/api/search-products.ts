import type { PagedProducts } from '@vitrine/contracts/catalog';
import type { ProductSearchBody, SearchFilter } from '@vitrine/contracts/catalog-api';
import { apiCall } from '../../../lib/api-client';
import { pageFields, type PageParams } from './page-params';

/**
 * `POST /api/catalog/products/search`: one page of a category's products, narrowed by text and filters.
 * `category`: comma-joined category ids (a category, optionally its subcategory), or COLLECTION_x / SUGGESTED_ITEMS.
 */
export function searchProducts(
  input: PageParams & { category: string; searchQuery: string | null; filters: SearchFilter[] },
  signal?: AbortSignal,
): Promise<PagedProducts> {
  const body: ProductSearchBody = {
    ...pageFields(input),
    category: input.category,
    searchQuery: input.searchQuery,
    filters: input.filters.length ? input.filters : null,
  };
  return apiCall<PagedProducts>('products', 'POST', '/api/catalog/products/search', { body, signal });
}
