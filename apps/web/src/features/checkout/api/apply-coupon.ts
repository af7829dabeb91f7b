import type { Order } from '@vitrine/contracts/order';
import { apiCall } from '../../../lib/api-client';

/** `POST /api/order/coupon/?coupon=`: applies a coupon (a failure resets it on the server); '' removes it. */
export function applyCoupon(coupon: string): Promise<Order> {
  return apiCall<Order>('coupon', 'POST', '/api/order/coupon/', { query: { coupon } });
}
