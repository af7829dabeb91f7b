import type { Order } from '@vitrine/contracts/order';
import { apiCall } from '../../../lib/api-client';

/** `GET /api/order/current` (bearer): the session's current order ('Falha ao carregar pedido' on failure). */
export function getCurrentOrder(signal?: AbortSignal): Promise<Order> {
  return apiCall<Order>('currentOrder', 'GET', '/api/order/current', { signal });
}
