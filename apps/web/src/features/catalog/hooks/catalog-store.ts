/**
 * Catalogue state (spec §4 "Catalogue mode"): the query, the products loaded so far, paging, facets.
 * Lives outside React so the catalogue survives a visit to the product page; every listing change goes
 * through `catalogActions`, which run the calls, ignore stale answers and keep the cached catalogue
 * (local storage, 2 h) in step with what is on screen.
 *
 * Product list failure (spec §8): the list and the query stay as they were, no message.
 */
import { CARD_IMAGE_SIZES, photoSources } from '@vitrine/contracts/photo-urls';
import { create } from 'zustand';
import type { Facet, PagedProducts, Product } from '@vitrine/contracts/catalog';
import type { SearchFilter } from '@vitrine/contracts/catalog-api';
import { getProductFacets } from '../api/get-product-facets';
import { loadListingPage } from '../api/load-listing-page';
import { writeCachedCatalog, type CachedCatalog, type PagedData } from '../lib/catalog-cache';
import {
  applyFilters,
  DEFAULT_QUERY,
  sameQuery,
  selectTab,
  submitSearch,
  type CatalogQuery,
} from '../lib/catalog-query';
import { facetsRequest, listingRequest } from '../lib/listing-request';

/** idle: nothing asked yet · loading: first page of a new listing · more: next page · ready. */
export type ListStatus = 'idle' | 'loading' | 'more' | 'ready';

export interface CatalogState {
  /** Shop + user the state belongs to (null before the first load). */
  owner: string | null;
  query: CatalogQuery;
  /** Search box text as typed; a tab choice with text searches it. */
  inputText: string;
  products: Product[];
  paged: PagedData | null;
  status: ListStatus;
  /** The last next-page call failed: scrolling stops loading until the next listing. */
  moreFailed: boolean;
  facets: Facet[];
  facetsLoading: boolean;
  /**
   * A search inside a category found nothing: what the same text finds in the whole shop (the first page's
   * count, `more` when there are further pages), so the shopper can widen it in one tap; null otherwise.
   */
  wholeShop: { count: number; more: boolean } | null;
}

export const initialCatalogState: CatalogState = {
  owner: null,
  query: DEFAULT_QUERY,
  inputText: '',
  products: [],
  paged: null,
  status: 'idle',
  moreFailed: false,
  facets: [],
  facetsLoading: false,
  wholeShop: null,
};

export const useCatalogStore = create<CatalogState>()(() => initialCatalogState);

const get = useCatalogStore.getState;
const set = (patch: Partial<CatalogState>) => useCatalogStore.setState(patch);

let generation = 0;
let controller: AbortController | null = null;

const pagedOf = ({ page, perPage, hasMore, token }: PagedProducts): PagedData => ({
  page,
  perPage,
  hasMore,
  token,
});

/** `current` followed by the products of `page` it does not hold yet. */
function appendProducts(current: Product[], next: Product[]): Product[] {
  const seen = new Set(current.map((product) => product.providerId));
  return [...current, ...next.filter((product) => !seen.has(product.providerId))];
}

/** Images of the first cards (the LCP candidates) start downloading while React renders the cards. */
const PRELOADED_IMAGES = 2;

function preloadFirstImages(products: Product[]): void {
  if (typeof Image === 'undefined') return;
  for (const product of products.slice(0, PRELOADED_IMAGES)) {
    const url = product.images[0]?.url;
    if (!url) continue;
    const image = new Image();
    image.fetchPriority = 'high';
    // An uploaded photo: the card's own size (as the card's <picture> picks it), never the 800 px JPEG.
    const sources = photoSources(url);
    if (sources) {
      image.sizes = CARD_IMAGE_SIZES;
      image.srcset = sources.webp;
    }
    image.src = url;
  }
}

/** Writes the cached catalogue when the screen shows a complete listing. */
function persist(): void {
  const state = get();
  if (!state.owner || !state.paged || (state.status !== 'ready' && state.status !== 'more')) return;
  const cache: CachedCatalog = {
    owner: state.owner,
    ...state.query,
    pagedData: state.paged,
    products: state.products,
    facets: state.facets,
  };
  writeCachedCatalog(cache);
}

/** After a category search with no hit: asks the whole shop for the same text (no filters). */
function probeWholeShop(query: CatalogQuery, run: number, signal: AbortSignal): void {
  const wholeShop = submitSearch(query, query.searchText, []);
  loadListingPage(listingRequest(wholeShop), { pageNumber: 0 }, signal).then(
    (page) => {
      if (run === generation && page.data.length > 0) {
        set({ wholeShop: { count: page.data.length, more: page.hasMore } });
      }
    },
    () => undefined,
  );
}

const searchedInCategory = (query: CatalogQuery) =>
  query.mode === 'search' && query.searchText !== '' && query.searchCategoryIds.length > 0;

/** Replaces the listing with the first page of `query` (and its facets). */
function open(query: CatalogQuery): void {
  const run = ++generation;
  controller?.abort();
  controller = new AbortController();
  const { signal } = controller;
  const previous = get();
  set({
    query,
    inputText: query.searchText,
    status: 'loading',
    moreFailed: false,
    facetsLoading: true,
    wholeShop: null,
  });

  loadListingPage(listingRequest(query), { pageNumber: 0 }, signal).then(
    (page) => {
      if (run !== generation) return;
      preloadFirstImages(page.data);
      set({ products: appendProducts([], page.data), paged: pagedOf(page), status: 'ready' });
      persist();
      if (page.data.length === 0 && searchedInCategory(query)) probeWholeShop(query, run, signal);
    },
    () => {
      if (run !== generation) return;
      // Nothing changes: back to the previous listing, its facets and its query.
      generation += 1;
      controller?.abort();
      set({
        query: previous.query,
        inputText: previous.query.searchText,
        status: 'ready',
        facets: previous.facets,
        facetsLoading: false,
      });
    },
  );

  getProductFacets(facetsRequest(query), signal).then(
    (facets) => {
      if (run !== generation) return;
      set({ facets, facetsLoading: false });
      persist();
    },
    () => {
      if (run === generation) set({ facetsLoading: false });
    },
  );
}

export const catalogActions = {
  /** Starts a fresh state for `owner` (no call). */
  claim(owner: string): void {
    generation += 1;
    controller?.abort();
    useCatalogStore.setState({ ...initialCatalogState, owner }, true);
  },
  /** Shows a listing exactly as cached (no call). */
  restore(cache: CachedCatalog): void {
    generation += 1;
    const { owner, pagedData, products, facets, ...query } = cache;
    set({
      owner,
      query,
      inputText: query.searchText,
      products,
      paged: pagedData,
      facets,
      status: 'ready',
      wholeShop: null,
    });
  },
  /** Loads `query` unless it is already the one shown. */
  open(query: CatalogQuery): void {
    const state = get();
    if (state.status !== 'idle' && sameQuery(state.query, query)) return;
    open(query);
  },
  setInputText(inputText: string): void {
    set({ inputText });
  },
  /** Choosing a tab (null = 'Todos'). */
  chooseTab(tabId: string | null): void {
    const { query, inputText } = get();
    catalogActions.open(selectTab(query, tabId, inputText));
  },
  /** Search bar (the current category filter) or category modal (its selection). */
  search(categoryIds?: string[]): void {
    const { query, inputText } = get();
    catalogActions.open(submitSearch(query, inputText, categoryIds ?? query.searchCategoryIds));
  },
  /** The same search text in the whole shop (the category filter and the facet filters dropped). */
  searchWholeShop(): void {
    const { query } = get();
    catalogActions.open(submitSearch(query, query.searchText, []));
  },
  changeFilters(filters: SearchFilter[]): void {
    catalogActions.open(applyFilters(get().query, filters));
  },
  /** Next page with the returned token, appended; no-op while loading, at the end or after a failure. */
  loadMore(): void {
    const state = get();
    if (state.status !== 'ready' || !state.paged?.hasMore || state.moreFailed) return;
    const run = generation;
    const { page, perPage, token } = state.paged;
    set({ status: 'more' });
    loadListingPage(
      listingRequest(state.query),
      { pageNumber: page + 1, perPage, pageToken: token },
      controller?.signal,
    ).then(
      (next) => {
        if (run !== generation) return;
        set({ products: appendProducts(get().products, next.data), paged: pagedOf(next), status: 'ready' });
        persist();
      },
      () => {
        if (run === generation) set({ status: 'ready', moreFailed: true });
      },
    );
  },
  /** The assistant replaced the order's suggestions: a suggested listing on screen is read again. */
  suggestionsChanged(): void {
    const state = get();
    if (state.status !== 'idle' && state.query.mode === 'suggested') open(state.query);
  },
  /** Retry after a failed next page. */
  retryMore(): void {
    set({ moreFailed: false });
    catalogActions.loadMore();
  },
};
