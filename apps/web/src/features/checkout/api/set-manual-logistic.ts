import type { Order } from '@vitrine/contracts/order';
import { apiCall } from '../../../lib/api-client';

export type ManualFreight = 'Grátis' | 'Customizado';

export interface ManualLogisticInput {
  /** Pickup store (seller providerId). */
  storeId: string | null;
  type: number;
  freight: ManualFreight;
  /** Reais; used with 'Customizado'. */
  amount: number;
  addressIndex?: number | null;
}

/** `POST /api/order/logistic/manual` (agents, manual prices): free or custom freight at a store. */
export function setManualLogistic({ storeId, ...body }: ManualLogisticInput): Promise<Order> {
  return apiCall<Order>('manualLogistic', 'POST', '/api/order/logistic/manual', {
    query: { code: storeId || undefined },
    body,
  });
}
