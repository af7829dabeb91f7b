import { apiCall } from '../../../lib/api-client';

export interface PriceTable {
  id: string;
  name: string;
}

/** `GET /api/order/price-tables` (agents): the tables allowed for the order (its seller's, when set). */
export function getPriceTables(signal?: AbortSignal): Promise<PriceTable[]> {
  return apiCall<PriceTable[]>('priceTables', 'GET', '/api/order/price-tables', { signal });
}
