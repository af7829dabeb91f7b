import { apiCall } from '../../../lib/api-client';

/** `GET /api/order/send/resume` (agents): sends the order summary to the contact. */
export function sendOrderResume(): Promise<unknown> {
  return apiCall<unknown>('sendResume', 'GET', '/api/order/send/resume');
}
