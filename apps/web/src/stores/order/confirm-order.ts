import type { ConfirmResult } from '@vitrine/contracts/order-api';
import { apiCall } from '../../lib/api-client';

/**
 * `GET /api/order/confirm` (bearer): the customer confirms the current order. Resolves with the confirmed
 * order and where to go next (the WhatsApp chat link or '/confirm'); rejects with 'Falha ao confirmar
 * pedido' — with the §5 blocking message among the server errors (422) when a rule fails.
 */
export function confirmOrder(signal?: AbortSignal): Promise<ConfirmResult> {
  return apiCall<ConfirmResult>('confirmOrder', 'GET', '/api/order/confirm', { signal });
}
