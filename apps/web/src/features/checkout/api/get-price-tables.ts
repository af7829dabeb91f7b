import type { PriceTable } from '@vitrine/contracts/checkout';
import { apiCall } from '../../../lib/api-client';

/** `GET /api/order/price-tables` (agents): the tables allowed for the order (its seller's, when set). */
export function getPriceTables(signal?: AbortSignal): Promise<PriceTable[]> {
  return apiCall<PriceTable[]>('priceTables', 'GET', '/api/order/price-tables', { signal });
}
