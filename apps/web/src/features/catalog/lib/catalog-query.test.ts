import { describe, expect, it } from 'vitest';
import type { Category } from '@vitrine/contracts/catalog';
import {
  applyFilters,
  DEFAULT_QUERY,
  initialCatalogQuery,
  sameQuery,
  scopeCategory,
  selectTab,
  submitSearch,
  type CatalogQuery,
} from './catalog-query';

const cat = (providerId: string, name: string, children: Category[] = []): Category => ({
  providerId,
  name,
  description: null,
  shopId: 's',
  children,
});
const TREE = [
  cat('C10', 'Hortifrúti', [cat('C11', 'Frutas'), cat('C12', 'Verduras')]),
  cat('C20', 'Mercearia'),
  cat('COLLECTION_ofertas', 'Ofertas'),
];
const brand = [{ key: 'brand', values: ['Nestlé'] }];

describe('selectTab', () => {
  it('sets the category and goes to catalog mode without text', () => {
    expect(selectTab(DEFAULT_QUERY, 'C10', '  ')).toEqual({
      mode: 'catalog',
      searchText: '',
      searchCategoryIds: ['C10'],
      currentCategory: 'C10',
      filters: [],
    });
  });

  it('searches within the tab when the box has text', () => {
    const query = selectTab(DEFAULT_QUERY, 'C20', ' arroz ');
    expect(query).toMatchObject({ mode: 'search', searchText: 'arroz', searchCategoryIds: ['C20'] });
  });

  it('opens the suggested mode for SUGGESTED_ITEMS and catalog for Todos', () => {
    expect(selectTab(DEFAULT_QUERY, 'SUGGESTED_ITEMS', '').mode).toBe('suggested');
    expect(selectTab(selectTab(DEFAULT_QUERY, 'C10', ''), null, '')).toEqual(DEFAULT_QUERY);
  });

  it('resets facet filters when the category changes, keeps them otherwise', () => {
    const onC10 = { ...selectTab(DEFAULT_QUERY, 'C10', ''), filters: brand };
    expect(selectTab(onC10, 'C20', '').filters).toEqual([]);
    expect(selectTab(onC10, 'C10', '').filters).toEqual(brand);
  });
});

describe('submitSearch', () => {
  it('goes to search mode with text or categories', () => {
    expect(submitSearch(DEFAULT_QUERY, ' leite ', [])).toMatchObject({ mode: 'search', searchText: 'leite' });
    expect(submitSearch(DEFAULT_QUERY, '', ['C10', 'C11'])).toMatchObject({
      mode: 'search',
      searchText: '',
      searchCategoryIds: ['C10', 'C11'],
    });
  });

  it('returns to the catalogue when both are cleared', () => {
    const searching = submitSearch(selectTab(DEFAULT_QUERY, 'C10', ''), 'maçã', ['C10']);
    expect(submitSearch(searching, '   ', [])).toEqual(DEFAULT_QUERY);
  });

  it('returns to the current tab when only its own category remains', () => {
    const searching = submitSearch(selectTab(DEFAULT_QUERY, 'C10', ''), 'maçã', ['C10']);
    expect(submitSearch(searching, '', ['C10'])).toMatchObject({ mode: 'catalog', currentCategory: 'C10' });
  });

  it('resets facet filters when the category changes', () => {
    const filtered = applyFilters(submitSearch(DEFAULT_QUERY, 'pão', []), brand);
    expect(submitSearch(filtered, 'pão', []).filters).toEqual(brand);
    expect(submitSearch(filtered, 'pão', ['C20']).filters).toEqual([]);
  });
});

describe('applyFilters and scope', () => {
  it('keeps mode and category', () => {
    const query = applyFilters(selectTab(DEFAULT_QUERY, 'C10', ''), brand);
    expect(query).toMatchObject({ mode: 'catalog', currentCategory: 'C10', filters: brand });
  });

  it('scopes by tab, search categories or the suggestions', () => {
    expect(scopeCategory(DEFAULT_QUERY)).toBe('');
    expect(scopeCategory(selectTab(DEFAULT_QUERY, 'C10', ''))).toBe('C10');
    expect(scopeCategory(submitSearch(DEFAULT_QUERY, 'x', ['C10', 'C11']))).toBe('C10,C11');
    expect(scopeCategory(selectTab(DEFAULT_QUERY, 'SUGGESTED_ITEMS', ''))).toBe('SUGGESTED_ITEMS');
  });

  it('compares queries', () => {
    const a: CatalogQuery = applyFilters(DEFAULT_QUERY, brand);
    expect(sameQuery(a, { ...a, filters: [{ key: 'brand', values: ['Nestlé'] }] })).toBe(true);
    expect(sameQuery(a, DEFAULT_QUERY)).toBe(false);
  });
});

describe('initialCatalogQuery', () => {
  it('opens a category tab, or parent > subcategory for a subcategory', () => {
    expect(initialCatalogQuery('ShowCategory', 'C20', TREE)).toMatchObject({
      mode: 'catalog',
      currentCategory: 'C20',
    });
    expect(initialCatalogQuery('ShowCategory', 'C11', TREE)).toMatchObject({
      mode: 'search',
      searchText: '',
      searchCategoryIds: ['C10', 'C11'],
      currentCategory: 'C10',
    });
  });

  it('opens a collection tab with or without the prefix', () => {
    expect(initialCatalogQuery('ShowCollection', 'ofertas', TREE)?.currentCategory).toBe(
      'COLLECTION_ofertas',
    );
    expect(initialCatalogQuery('ShowCollection', 'COLLECTION_ofertas', TREE)?.currentCategory).toBe(
      'COLLECTION_ofertas',
    );
  });

  it('searches the id text for ShowQuery', () => {
    expect(initialCatalogQuery('ShowQuery', ' banana ', TREE)).toMatchObject({
      mode: 'search',
      searchText: 'banana',
    });
  });

  it('is null for Standard, unknown types and empty ids', () => {
    expect(initialCatalogQuery('Standard', 'x', TREE)).toBeNull();
    expect(initialCatalogQuery('Other', 'x', TREE)).toBeNull();
    expect(initialCatalogQuery('ShowQuery', '  ', TREE)).toBeNull();
    expect(initialCatalogQuery(null, null, TREE)).toBeNull();
  });
});
