import type { TrayImportStatus } from '@vitrine/contracts/tray';
import { apiCall } from '../../../lib/api-client';

/** `GET /tray/link-store/{store}/import-status?apiAddress=`: progress of the store's latest catalogue import. */
export function getImportStatus(
  store: string,
  apiAddress: string,
  signal?: AbortSignal,
): Promise<TrayImportStatus> {
  const path = `/tray/link-store/${encodeURIComponent(store)}/import-status`;
  return apiCall<TrayImportStatus>('trayImportStatus', 'GET', path, {
    query: { apiAddress },
    signal,
    auth: false,
  });
}
