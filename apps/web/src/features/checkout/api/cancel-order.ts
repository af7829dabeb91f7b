import type { Order } from '@vitrine/contracts/order';
import { apiCall } from '../../../lib/api-client';

/** `GET /api/order/cancel` (agents): the order becomes Canceled. */
export function cancelOrder(): Promise<Order> {
  return apiCall<Order>('cancelOrder', 'GET', '/api/order/cancel');
}
