import type { AgentConfirmBody } from '@vitrine/contracts/checkout';
import type { Order } from '@vitrine/contracts/order';
import { apiCall } from '../../../lib/api-client';

/** `POST /api/order/confirm` (agents): Creating → Received, refused with the first §5 rule that fails. */
export function confirmCheckout(body: AgentConfirmBody): Promise<Order> {
  return apiCall<Order>('agentConfirm', 'POST', '/api/order/confirm', { body });
}
