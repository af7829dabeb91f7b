import type { SellerOption } from '@vitrine/contracts/checkout';
import { apiCall } from '../../lib/api-client';

/** `GET /api/order/seller/` (agents): the stores the agent may sell from. */
export function getSellers(signal?: AbortSignal): Promise<SellerOption[]> {
  return apiCall<SellerOption[]>('sellerOptions', 'GET', '/api/order/seller/', { signal });
}
