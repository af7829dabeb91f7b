import type { PaymentAccount } from '@vitrine/contracts/payment';
import { apiCall } from '../../../lib/api-client';

/** `GET /api/order/{orderId}/account/`: which gateway takes the card and its public key. */
export function getPaymentAccount(orderId: string, signal?: AbortSignal): Promise<PaymentAccount> {
  return apiCall<PaymentAccount>(
    'paymentAccount',
    'GET',
    `/api/order/${encodeURIComponent(orderId)}/account/`,
    {
      signal,
    },
  );
}
