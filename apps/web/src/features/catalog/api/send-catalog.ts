import { apiCall } from '../../../lib/api-client';

/** Catalogue settings of the send payload (spec §3): what the contact receives; all empty = standard. */
export interface CatalogSendSettings {
  categoryId: string;
  collectionId: string;
  searchTerm: string;
}

export const STANDARD_CATALOG: CatalogSendSettings = { categoryId: '', collectionId: '', searchTerm: '' };

/** `GET /api/order/send/catalog` (agents): sends the catalogue link to the contact. */
export function sendCatalog(settings: CatalogSendSettings = STANDARD_CATALOG): Promise<unknown> {
  return apiCall<unknown>('sendCatalog', 'GET', '/api/order/send/catalog', { query: { ...settings } });
}
