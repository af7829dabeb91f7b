import type { TrayPublicConfig } from '@vitrine/contracts/tray';
import { apiCall } from '../../../lib/api-client';

/** `GET /api/tray/config` (no session): the app's public consumer key and our callback address. */
export function getTrayConfig(signal?: AbortSignal): Promise<TrayPublicConfig> {
  return apiCall<TrayPublicConfig>('trayConfig', 'GET', '/api/tray/config', { signal, auth: false });
}
