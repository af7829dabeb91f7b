import { apiCall } from '../../../lib/api-client';

export interface ScheduleSlot {
  id: string;
  startTime: string;
  endTime: string;
  /** ISO instant: order-by cut-off. */
  scheduleUntil: string;
  enabled: boolean;
}

export interface ScheduleDay {
  header: string;
  /** yyyy-mm-dd */
  day: string;
  options: ScheduleSlot[];
}

/** `GET /api/order/schedule`: delivery days with their slots. */
export function getSchedule(signal?: AbortSignal): Promise<ScheduleDay[]> {
  return apiCall<ScheduleDay[]>('schedule', 'GET', '/api/order/schedule', { signal });
}
