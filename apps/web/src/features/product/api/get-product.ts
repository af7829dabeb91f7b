import type { Product } from '@vitrine/contracts/catalog';
import { apiCall } from '../../../lib/api-client';

/**
 * `GET /api/catalog/products/{id}` (bearer): the product detail. `id` may be `{productId}Variant={optionId}`
 * (a redirectable option), for which the server returns the product with that variant as currentDimension.
 * Rejects with 'Falha ao retornar produto' on failure (404 for an unknown or hidden product).
 */
export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return apiCall<Product>('product', 'GET', `/api/catalog/products/${encodeURIComponent(id)}`, { signal });
}
