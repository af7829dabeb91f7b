import type { Order } from '@vitrine/contracts/order';
import { apiCall } from '../../../lib/api-client';

/**
 * `POST /api/order/payment/link`: for a 'link' account, the provider's payment page of the order being paid (made
 * once by the server); answers the order with `payment.link` set.
 */
export function createPaymentLink(signal?: AbortSignal): Promise<Order> {
  return apiCall<Order>('currentOrder', 'POST', '/api/order/payment/link', { signal });
}
