import type { PagedProducts } from '@vitrine/contracts/catalog';
import { apiCall } from '../../../lib/api-client';
import { pageFields, type PageParams } from './page-params';

export interface CollectionProductsInput extends PageParams {
  /** Collection providerId, without the COLLECTION_ prefix. */
  collectionId: string;
  searchQuery?: string | null;
}

/** `GET /api/catalog/products/collections/{id}`: one page of a collection, in the collection's order. */
export function getCollectionProducts(
  input: CollectionProductsInput,
  signal?: AbortSignal,
): Promise<PagedProducts> {
  const path = `/api/catalog/products/collections/${encodeURIComponent(input.collectionId)}`;
  return apiCall<PagedProducts>('products', 'GET', path, {
    query: { ...pageFields(input), searchQuery: input.searchQuery || null },
    signal,
  });
}
