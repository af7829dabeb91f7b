import type { PagedProducts } from '@vitrine/contracts/catalog';
import type { CollectionQuery } from '@vitrine/contracts/catalog-api';
import { apiCall } from '../../../lib/api-client';
import { pageFields, type PageParams } from './page-params';

/** `GET /api/catalog/products/collections/{id}`: one page of a collection (id without COLLECTION_), in its order. */
export function getCollectionProducts(
  input: PageParams & Pick<CollectionQuery, 'searchQuery'> & { collectionId: string },
  signal?: AbortSignal,
): Promise<PagedProducts> {
  const path = `/api/catalog/products/collections/${encodeURIComponent(input.collectionId)}`;
  const query: CollectionQuery = { ...pageFields(input), searchQuery: input.searchQuery || null };
  return apiCall<PagedProducts>('products', 'GET', path, { query, signal });
}
