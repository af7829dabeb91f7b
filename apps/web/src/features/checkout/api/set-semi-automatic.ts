import type { SemiAutomaticBody } from '@vitrine/contracts/messaging';
import type { Order } from '@vitrine/contracts/order';
import { apiCall } from '../../../lib/api-client';

/** `POST /api/order/semiautomatic` (agents): hands the order to the semi-automatic flow or back. */
export function setSemiAutomatic(isInSemiAutomatic: boolean): Promise<Order> {
  const body: SemiAutomaticBody = { isInSemiAutomatic };
  return apiCall<Order>('semiAutomatic', 'POST', '/api/order/semiautomatic', { body });
}
