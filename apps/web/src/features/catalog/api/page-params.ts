import { PRODUCTS_PER_PAGE } from '../lib/catalog-constants';

/** Paging of a product listing call: page from 0, 10 per page, the previous page's token. */
export interface PageParams {
  pageNumber: number;
  perPage?: number;
  pageToken?: string | null;
}

/** Wire form of the paging parameters (the token left out when there is none). */
export function pageFields(params: PageParams) {
  return {
    pageNumber: params.pageNumber,
    perPage: params.perPage ?? PRODUCTS_PER_PAGE,
    pageToken: params.pageToken || null,
  };
}
