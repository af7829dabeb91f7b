import type { Category } from '@vitrine/contracts/catalog';
import { apiCall } from '../../../lib/api-client';
import { CATEGORIES_PER_PAGE } from '../lib/catalog-constants';

/**
 * `GET /api/catalog/categories?perPage=50`: the tab strip's categories (tree with children, then
 * collections as `COLLECTION_{id}`, then 'Sugeridos' when the order has suggestions).
 */
export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return apiCall<Category[]>('categories', 'GET', '/api/catalog/categories', {
    query: { perPage: CATEGORIES_PER_PAGE },
    signal,
  });
}
