import type { PagedProducts } from '@vitrine/contracts/catalog';
import type { ProductSearchBody, SearchFilter } from '@vitrine/contracts/catalog-api';
import { apiCall } from '../../../lib/api-client';
import { pageFields, type PageParams } from './page-params';

export interface SearchProductsInput extends PageParams {
  /** Comma-joined category ids: a category, optionally its subcategory; or COLLECTION_x / SUGGESTED_ITEMS. */
  category: string;
  searchQuery: string | null;
  filters: SearchFilter[];
}

/** `POST /api/catalog/products/search`: one page of a category's products, narrowed by text and filters. */
export function searchProducts(input: SearchProductsInput, signal?: AbortSignal): Promise<PagedProducts> {
  const body: ProductSearchBody = {
    ...pageFields(input),
    category: input.category,
    searchQuery: input.searchQuery,
    filters: input.filters.length ? input.filters : null,
  };
  return apiCall<PagedProducts>('products', 'POST', '/api/catalog/products/search', { body, signal });
}
