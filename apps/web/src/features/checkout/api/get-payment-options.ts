import { apiCall } from '../../../lib/api-client';

/** Spec §3 Payment option. */
export interface PaymentOption {
  id: string;
  method: number;
  name: string;
  payOnDelivery: boolean;
  group: string | null;
  providerId: string | null;
}

/** `GET /api/order/payments/`: the methods the order offers plus the pay-on-delivery means. */
export function getPaymentOptions(signal?: AbortSignal): Promise<PaymentOption[]> {
  return apiCall<PaymentOption[]>('paymentOptions', 'GET', '/api/order/payments/', { signal });
}
