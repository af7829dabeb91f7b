import type { PaymentOption } from '@vitrine/contracts/checkout';
import { apiCall } from '../../../lib/api-client';

/** `GET /api/order/payments/`: the methods the order offers plus the pay-on-delivery means. */
export function getPaymentOptions(signal?: AbortSignal): Promise<PaymentOption[]> {
  return apiCall<PaymentOption[]>('paymentOptions', 'GET', '/api/order/payments/', { signal });
}
