/**
 * What the catalogue shows (spec §4 "Catalogue mode", "Category filter") as pure transitions, plus the
 * request each state needs. The store (hooks/catalog-store.ts) applies them and runs the calls.
 *
 * - `currentCategory`: the selected tab (null = 'Todos', the top sellers).
 * - `searchCategoryIds`: the category filter, `[category]` or `[category, subcategory]`; choosing a tab
 *   sets it to that tab, the 'Filtrar por categorias' modal edits it.
 * - `filters`: facet filters; reset whenever the listing's category changes.
 */
import type { SearchFilter } from '@vitrine/contracts/catalog-api';
import { CatalogType } from '@vitrine/contracts/enums';
import type { Category } from '@vitrine/contracts/catalog';
import { COLLECTION_PREFIX, SUGGESTED_ITEMS } from '@vitrine/contracts/catalog-ids';
import { isCollectionId } from './catalog-constants';
import { findParent } from './category-tree';

export type CatalogMode = 'catalog' | 'search' | 'suggested';

export interface CatalogQuery {
  mode: CatalogMode;
  /** Applied search text (trimmed); only used in search mode. */
  searchText: string;
  searchCategoryIds: string[];
  currentCategory: string | null;
  filters: SearchFilter[];
}

export const DEFAULT_QUERY: CatalogQuery = {
  mode: 'catalog',
  searchText: '',
  searchCategoryIds: [],
  currentCategory: null,
  filters: [],
};

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/** Comma-joined category the listing is scoped to; '' = the whole shop. */
export function scopeCategory(query: CatalogQuery): string {
  if (query.mode === 'suggested') return SUGGESTED_ITEMS;
  if (query.mode === 'search') return query.searchCategoryIds.join(',');
  return query.currentCategory ?? '';
}

/** `next`, with the facet filters dropped when its category differs from `previous`'s. */
function keepFiltersInScope(previous: CatalogQuery, next: CatalogQuery): CatalogQuery {
  return scopeCategory(previous) === scopeCategory(next) ? next : { ...next, filters: [] };
}

/**
 * Choosing a tab sets the category; with search text it is a search in that category, otherwise the
 * catalogue of the tab ('Sugeridos' opens the suggested mode).
 */
export function selectTab(query: CatalogQuery, tabId: string | null, inputText: string): CatalogQuery {
  const text = inputText.trim();
  const mode: CatalogMode = text ? 'search' : tabId === SUGGESTED_ITEMS ? 'suggested' : 'catalog';
  const next: CatalogQuery = {
    mode,
    searchText: text,
    searchCategoryIds: tabId ? [tabId] : [],
    currentCategory: tabId,
    filters: query.filters,
  };
  return keepFiltersInScope(query, next);
}

/**
 * Submitting the search bar or the category modal: text or categories → search mode; neither → back to
 * the catalogue ('Todos'). Without text, categories that are just the current tab's return to that tab.
 */
export function submitSearch(query: CatalogQuery, inputText: string, categoryIds: string[]): CatalogQuery {
  const text = inputText.trim();
  const ids = categoryIds.filter(Boolean).slice(0, 2);
  if (!text && ids.length === 0) return selectTab(query, null, '');
  if (!text && query.currentCategory && sameIds(ids, [query.currentCategory])) {
    return selectTab(query, query.currentCategory, '');
  }
  const next: CatalogQuery = {
    mode: 'search',
    searchText: text,
    searchCategoryIds: ids,
    currentCategory: query.currentCategory,
    filters: query.filters,
  };
  return keepFiltersInScope(query, next);
}

/** New facet filters: same mode and category, the list reloads from page 0. */
export function applyFilters(query: CatalogQuery, filters: SearchFilter[]): CatalogQuery {
  return { ...query, filters };
}

/**
 * The query a chat link's initial catalogue opens (spec §4 "First load"), or null for Standard / unknown:
 * ShowCategory → that tab (a subcategory: a search in parent > subcategory), ShowCollection → the
 * collection's tab, ShowQuery → a search for the id text.
 */
export function initialCatalogQuery(
  type: string | null,
  id: string | null,
  categories: readonly Category[],
): CatalogQuery | null {
  const value = id?.trim() ?? '';
  if (!value) return null;
  switch (type) {
    case CatalogType.ShowCategory: {
      const parent = findParent(categories, value);
      if (!parent) return selectTab(DEFAULT_QUERY, value, '');
      return {
        ...DEFAULT_QUERY,
        mode: 'search',
        searchCategoryIds: [parent.providerId, value],
        currentCategory: parent.providerId,
      };
    }
    case CatalogType.ShowCollection:
      return selectTab(DEFAULT_QUERY, isCollectionId(value) ? value : `${COLLECTION_PREFIX}${value}`, '');
    case CatalogType.ShowQuery:
      return submitSearch(DEFAULT_QUERY, value, []);
    default:
      return null;
  }
}

/** Whether two queries list the same products (same request). */
export function sameQuery(a: CatalogQuery, b: CatalogQuery): boolean {
  return (
    a.mode === b.mode &&
    a.searchText === b.searchText &&
    a.currentCategory === b.currentCategory &&
    sameIds(a.searchCategoryIds, b.searchCategoryIds) &&
    JSON.stringify(a.filters) === JSON.stringify(b.filters)
  );
}
