/** The contact's choice of how to pay their placed WhatsApp catalogue order (issue 35, decision 0062). */
import type { ChoosePlacedPaymentBody, PlacedPayment } from '@vitrine/contracts/placed-payment';
import { apiRequest } from '../../../lib/api-client';

const path = (orderId: string) => `/api/order/placed/${encodeURIComponent(orderId)}/payment`;

export const readPlacedPayment = (orderId: string, signal?: AbortSignal) =>
  apiRequest<PlacedPayment>('GET', path(orderId), {
    signal,
    fallback: 'Não foi possível carregar as formas de pagamento. Tente novamente.',
  });

export const choosePlacedPayment = (orderId: string, body: ChoosePlacedPaymentBody) =>
  apiRequest<PlacedPayment>('POST', path(orderId), {
    body,
    fallback: 'Não foi possível salvar a forma de pagamento. Tente novamente.',
  });
