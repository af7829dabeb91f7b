import type { Facet } from '@vitrine/contracts/catalog';
import type { FacetsQueryInput } from '@vitrine/contracts/catalog-api';
import { apiCall } from '../../../lib/api-client';

/** `GET /api/catalog/products/facets`: facets (with counts) for a text, category and filters (JSON text). */
export function getProductFacets(query: FacetsQueryInput, signal?: AbortSignal): Promise<Facet[]> {
  return apiCall<Facet[]>('facets', 'GET', '/api/catalog/products/facets', { query: { ...query }, signal });
}
