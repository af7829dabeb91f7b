import type { Facet } from '@vitrine/contracts/catalog';
import { apiCall } from '../../../lib/api-client';
import type { FacetsRequest } from '../lib/listing-request';

/** `GET /api/catalog/products/facets`: facets (with counts) for a text, category and filters. */
export function getProductFacets(request: FacetsRequest, signal?: AbortSignal): Promise<Facet[]> {
  return apiCall<Facet[]>('facets', 'GET', '/api/catalog/products/facets', {
    query: { ...request },
    signal,
  });
}
