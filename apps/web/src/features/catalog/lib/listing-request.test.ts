import { describe, expect, it } from 'vitest';
import { applyFilters, DEFAULT_QUERY, selectTab, submitSearch } from './catalog-query';
import { facetsRequest, listingRequest } from './listing-request';

const price = [{ key: 'price', range: { from: 10, to: 20 } }];

describe('listingRequest', () => {
  it('uses top sellers for Todos without filters, searchText with them', () => {
    expect(listingRequest(DEFAULT_QUERY)).toEqual({ kind: 'top' });
    expect(listingRequest(applyFilters(DEFAULT_QUERY, price))).toEqual({
      kind: 'searchText',
      searchQuery: null,
      filters: price,
    });
  });

  it('searches a category tab, the suggestions and a category search', () => {
    expect(listingRequest(selectTab(DEFAULT_QUERY, 'C10', ''))).toEqual({
      kind: 'search',
      category: 'C10',
      searchQuery: null,
      filters: [],
    });
    expect(listingRequest(selectTab(DEFAULT_QUERY, 'SUGGESTED_ITEMS', ''))).toMatchObject({
      kind: 'search',
      category: 'SUGGESTED_ITEMS',
    });
    expect(listingRequest(submitSearch(DEFAULT_QUERY, 'maçã', ['C10', 'C11']))).toEqual({
      kind: 'search',
      category: 'C10,C11',
      searchQuery: 'maçã',
      filters: [],
    });
  });

  it('uses the text search without categories', () => {
    expect(listingRequest(submitSearch(DEFAULT_QUERY, 'leite', []))).toEqual({
      kind: 'searchText',
      searchQuery: 'leite',
      filters: [],
    });
  });

  it('lists a collection by its endpoint until text or filters narrow it', () => {
    const collection = selectTab(DEFAULT_QUERY, 'COLLECTION_ofertas', '');
    expect(listingRequest(collection)).toEqual({ kind: 'collection', collectionId: 'ofertas' });
    expect(listingRequest(applyFilters(collection, price))).toMatchObject({
      kind: 'search',
      category: 'COLLECTION_ofertas',
    });
  });
});

describe('facetsRequest', () => {
  it('sends text, category and filters (JSON) only when present', () => {
    expect(facetsRequest(DEFAULT_QUERY)).toEqual({});
    expect(facetsRequest(applyFilters(submitSearch(DEFAULT_QUERY, 'pão', ['C30']), price))).toEqual({
      searchQuery: 'pão',
      category: 'C30',
      filters: JSON.stringify(price),
    });
  });
});
