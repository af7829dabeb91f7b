import type { PagedProducts } from '@vitrine/contracts/catalog';
import { apiCall } from '../../../lib/api-client';
import { pageFields, type PageParams } from './page-params';

/** `GET /api/catalog/top`: one page of the shop's top sellers (the 'Todos' tab). */
export function getTopProducts(params: PageParams, signal?: AbortSignal): Promise<PagedProducts> {
  return apiCall<PagedProducts>('products', 'GET', '/api/catalog/top', { query: pageFields(params), signal });
}
