import type { Order } from '@vitrine/contracts/order';
import { apiCall } from '../../../lib/api-client';

/**
 * `GET /api/order/cancel?orderId=` (agents): the order the screen shows becomes Canceled; a retry after it was
 * cancelled answers it again, and the server refuses (409) when a newer order is open for the customer.
 */
export function cancelOrder(orderId: string | undefined): Promise<Order> {
  return apiCall<Order>('cancelOrder', 'GET', '/api/order/cancel', { query: { orderId } });
}
