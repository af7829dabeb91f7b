import type { MercadoPagoBrickBody, MercadoPagoResult } from '@vitrine/contracts/payment';
import { apiCall } from '../../../lib/api-client';

/** `POST /api/order/payment/mercadoPago`: the Brick's form data (card tokenised by Mercado Pago). */
export function payWithMercadoPago(
  body: MercadoPagoBrickBody,
  idempotencyKey: string,
): Promise<MercadoPagoResult> {
  return apiCall<MercadoPagoResult>('mercadoPago', 'POST', '/api/order/payment/mercadoPago', {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
