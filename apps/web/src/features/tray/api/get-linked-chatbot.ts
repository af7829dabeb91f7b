import type { TrayLinkedChatbot } from '@vitrine/contracts/tray';
import { apiCall } from '../../../lib/api-client';

/** `GET /tray/link-store/{store}`: the chatbot id the Tray store is linked to (callback page prefill). */
export function getLinkedChatbot(store: string, signal?: AbortSignal): Promise<TrayLinkedChatbot> {
  return apiCall<TrayLinkedChatbot>(
    'trayLinkedChatbot',
    'GET',
    `/tray/link-store/${encodeURIComponent(store)}`,
    {
      signal,
      auth: false,
    },
  );
}
