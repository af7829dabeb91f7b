import type { SellerOption } from '@vitrine/contracts/checkout';
import { apiCall } from '../../../lib/api-client';

/** `GET /api/order/stores/`: the shop's stores (name, address, service fee). */
export function getStores(signal?: AbortSignal): Promise<SellerOption[]> {
  return apiCall<SellerOption[]>('stores', 'GET', '/api/order/stores/', { signal });
}
