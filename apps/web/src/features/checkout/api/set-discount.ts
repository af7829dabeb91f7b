import type { Order } from '@vitrine/contracts/order';
import { apiCall } from '../../../lib/api-client';

/** `POST /api/order/discount?discount=` (agents, manual prices): manual discount in reais. */
export function setDiscount(discount: number): Promise<Order> {
  return apiCall<Order>('discount', 'POST', '/api/order/discount', { query: { discount } });
}
