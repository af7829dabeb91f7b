import type { CardPaymentBody, CardPaymentResult } from '@vitrine/contracts/payment';
import { apiCall } from '../../../lib/api-client';

/** `POST /api/order/payment/credit` (spec §3 Card payment data) with the attempt's `Idempotency-Key`. */
export function payWithCard(body: CardPaymentBody, idempotencyKey: string): Promise<CardPaymentResult> {
  return apiCall<CardPaymentResult>('creditPayment', 'POST', '/api/order/payment/credit', {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
