import type { TrayLinkBody, TrayLinkResult } from '@vitrine/contracts/tray';
import { apiCall } from '../../../lib/api-client';

/** `POST /tray/link-store` with the spec §3 Tray link payload. */
export function linkStore(body: TrayLinkBody): Promise<TrayLinkResult> {
  return apiCall<TrayLinkResult>('trayLinkStore', 'POST', '/tray/link-store', { body, auth: false });
}
