import type { ScheduleBody } from '@vitrine/contracts/checkout';
import type { Order } from '@vitrine/contracts/order';
import { apiCall } from '../../../lib/api-client';

/** `POST /api/order/schedule`: takes a place in a delivery slot (refused when it is full or closed). */
export function setSchedule(id: string): Promise<Order> {
  const body: ScheduleBody = { id };
  return apiCall<Order>('setSchedule', 'POST', '/api/order/schedule', { body });
}
