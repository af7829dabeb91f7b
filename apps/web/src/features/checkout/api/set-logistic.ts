import type { SelectLogisticBody } from '@vitrine/contracts/checkout';
import type { Order } from '@vitrine/contracts/order';
import { apiCall } from '../../../lib/api-client';

/**
 * `POST /api/order/logistic/`: selects a logistic option (a null providerId only switches the type, and sets the
 * address when given); a type change clears address, logistic and seller.
 */
export function setLogistic(body: SelectLogisticBody): Promise<Order> {
  return apiCall<Order>('setLogistic', 'POST', '/api/order/logistic/', { body });
}
