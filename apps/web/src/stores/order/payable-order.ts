import type { Order } from '@vitrine/contracts/order';
import { apiCall } from '../../lib/api-client';

/**
 * `GET /api/order/payment`: the session user's confirmed order awaiting payment (total of the chosen card plan,
 * payment link, captcha key). Rejects with 'Falha ao carregar pedido' — with the server's 'Método de pagamento
 * não encontrado' (404) or 'Método de pagamento não é cartão de crédito' (422) among its errors.
 */
export function getPayableOrder(signal?: AbortSignal): Promise<Order> {
  return apiCall<Order>('currentOrder', 'GET', '/api/order/payment', { signal });
}
