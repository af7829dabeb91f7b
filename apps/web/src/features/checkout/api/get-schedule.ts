import type { ScheduleDay } from '@vitrine/contracts/checkout';
import { apiCall } from '../../../lib/api-client';

/** `GET /api/order/schedule`: delivery days with their slots. */
export function getSchedule(signal?: AbortSignal): Promise<ScheduleDay[]> {
  return apiCall<ScheduleDay[]>('schedule', 'GET', '/api/order/schedule', { signal });
}
