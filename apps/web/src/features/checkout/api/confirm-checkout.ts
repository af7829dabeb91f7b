import type { AgentConfirmBody } from '@vitrine/contracts/checkout';
import type { Order } from '@vitrine/contracts/order';
import { apiCall } from '../../../lib/api-client';

/**
 * `POST /api/order/confirm?orderId=` (agents): the order the screen shows goes Creating → Received, refused with
 * the first §5 rule that fails; a retry answers the confirmed order, never a newer open one (409).
 */
export function confirmCheckout(orderId: string | undefined, body: AgentConfirmBody): Promise<Order> {
  return apiCall<Order>('agentConfirm', 'POST', '/api/order/confirm', { query: { orderId }, body });
}
