import type { Inbox } from '@vitrine/contracts/messaging';
import { apiCall } from '../../../lib/api-client';

/** `GET /api/dev/inbox` (demo mode only, no session): every demo contact's conversation. */
export function getInbox(signal?: AbortSignal): Promise<Inbox> {
  return apiCall<Inbox>('devInbox', 'GET', '/api/dev/inbox', { auth: false, signal });
}
