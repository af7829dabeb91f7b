import type { ShopSettings } from '@vitrine/contracts/shop';
import { apiCall } from '../../lib/api-client';

/** `GET /api/shop/settings` (bearer): the settings of the session's shop; `bearer` overrides the stored code. */
export function getShopSettings(signal?: AbortSignal, bearer?: string): Promise<ShopSettings> {
  return apiCall<ShopSettings>('shopSettings', 'GET', '/api/shop/settings', { signal, bearer });
}
