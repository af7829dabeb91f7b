import type { Order } from '@vitrine/contracts/order';
import { apiCall } from '../../../lib/api-client';

/** `POST /api/order/price-tables/{id}` (agents): reprices the order; id 'none' removes the table. */
export function setPriceTable(id: string): Promise<Order> {
  return apiCall<Order>('setPriceTable', 'POST', `/api/order/price-tables/${encodeURIComponent(id)}`);
}
