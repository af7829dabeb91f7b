import type { ManualLogisticBody } from '@vitrine/contracts/checkout';
import type { Order } from '@vitrine/contracts/order';
import { apiCall } from '../../../lib/api-client';

/**
 * `POST /api/order/logistic/manual?code=` (agents, manual prices): free ('Grátis') or custom ('Customizado', amount
 * in reais) freight; `storeId` (the pickup store's seller providerId) goes in the query.
 */
export function setManualLogistic({
  storeId,
  ...body
}: ManualLogisticBody & { storeId: string | null }): Promise<Order> {
  return apiCall<Order>('manualLogistic', 'POST', '/api/order/logistic/manual', {
    query: { code: storeId || undefined },
    body,
  });
}
