import type { Order } from '@vitrine/contracts/order';
import { apiCall } from '../../../lib/api-client';

/** `POST /api/order/payment/method?paymentMethod=N`: sets the order's payment method. */
export function setPaymentMethod(paymentMethod: number): Promise<Order> {
  return apiCall<Order>('paymentMethod', 'POST', '/api/order/payment/method', { query: { paymentMethod } });
}
