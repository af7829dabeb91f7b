import type { Order } from '@vitrine/contracts/order';
import { apiCall } from '../../../lib/api-client';

export interface SelectLogisticInput {
  type: number;
  /** null only switches the type (and sets the address when given). */
  providerId: string | null;
  addressIndex?: number | null;
}

/** `POST /api/order/logistic/`: selects a logistic option; a type change clears address, logistic and seller. */
export function setLogistic(input: SelectLogisticInput): Promise<Order> {
  return apiCall<Order>('setLogistic', 'POST', '/api/order/logistic/', { body: input });
}
