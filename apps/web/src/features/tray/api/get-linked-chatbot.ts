import type { TrayLinkedChatbot } from '@vitrine/contracts/tray';
import { apiCall } from '../../../lib/api-client';

/**
 * `GET /tray/link-store/{store}?apiAddress=`: the chatbot id the Tray store is linked to (callback page
 * prefill); the server answers only with the callback's own `api_address`.
 */
export function getLinkedChatbot(
  store: string,
  apiAddress: string,
  signal?: AbortSignal,
): Promise<TrayLinkedChatbot> {
  const path = `/tray/link-store/${encodeURIComponent(store)}`;
  return apiCall<TrayLinkedChatbot>('trayLinkedChatbot', 'GET', path, {
    query: { apiAddress },
    signal,
    auth: false,
  });
}
