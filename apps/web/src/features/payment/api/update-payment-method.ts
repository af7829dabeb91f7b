import { apiCall } from '../../../lib/api-client';

/** `GET /api/order/payment/update`: the shopper asks to change the payment method (then /change-payment). */
export function updatePaymentMethod(): Promise<unknown> {
  return apiCall<unknown>('paymentUpdate', 'GET', '/api/order/payment/update');
}
