import type { PageQuery } from '@vitrine/contracts/catalog-api';
import { PRODUCTS_PER_PAGE } from '../lib/catalog-constants';

/** Paging of a product listing call: page from 0, the previous page's token; `perPage` defaults to 10. */
export type PageParams = Omit<PageQuery, 'perPage'> & Partial<Pick<PageQuery, 'perPage'>>;

/** Wire form of the paging parameters (the token left out when there is none). */
export function pageFields(params: PageParams): PageQuery {
  return {
    pageNumber: params.pageNumber,
    perPage: params.perPage ?? PRODUCTS_PER_PAGE,
    pageToken: params.pageToken || null,
  };
}
