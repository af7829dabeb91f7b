/**
 * Facet filters (spec §3 Facet, contracts/catalog-api.ts): one filter per facet key; `values` OR'ed within
 * a key, the `price` key carries a `range`. A filter with no values is dropped.
 */
import type { Facet } from '@vitrine/contracts/catalog';
import type { SearchFilter } from '@vitrine/contracts/catalog-api';
import type { PriceRange } from './price-range';

export const PRICE_FACET_KEY = 'price';

export function selectedValues(filters: readonly SearchFilter[], key: string): string[] {
  return filters.find((filter) => filter.key === key)?.values ?? [];
}

export function selectedPrice(filters: readonly SearchFilter[]): PriceRange | null {
  return filters.find((filter) => filter.key === PRICE_FACET_KEY)?.range ?? null;
}

/** `filters` with `key` replaced by `replacement` (removed when null), keeping the others' order. */
function replaceFilter(
  filters: readonly SearchFilter[],
  key: string,
  replacement: SearchFilter | null,
): SearchFilter[] {
  const index = filters.findIndex((filter) => filter.key === key);
  const next = filters.filter((filter) => filter.key !== key);
  if (replacement) next.splice(index === -1 ? next.length : index, 0, replacement);
  return next;
}

/** Ticks or unticks one value of a facet. */
export function toggleFacetValue(
  filters: readonly SearchFilter[],
  key: string,
  value: string,
): SearchFilter[] {
  const current = selectedValues(filters, key);
  const values = current.includes(value) ? current.filter((item) => item !== value) : [...current, value];
  return replaceFilter(filters, key, values.length ? { key, values } : null);
}

/** Sets the price filter; null (the full range) removes it. */
export function setPriceFilter(filters: readonly SearchFilter[], range: PriceRange | null): SearchFilter[] {
  return replaceFilter(filters, PRICE_FACET_KEY, range ? { key: PRICE_FACET_KEY, range } : null);
}

/** Facets worth showing: not hidden, with values; the price facet only with a usable range. */
export function visibleFacets(facets: readonly Facet[]): Facet[] {
  return facets.filter((facet) => {
    if (facet.hidden || facet.values.length === 0) return false;
    if (facet.key !== PRICE_FACET_KEY) return true;
    const range = facet.values[0]?.range;
    return !!range && range.to > range.from;
  });
}

/** Full price range of the price facet, null when there is none. */
export function priceFacetRange(facets: readonly Facet[]): PriceRange | null {
  const range = facets.find((facet) => facet.key === PRICE_FACET_KEY)?.values[0]?.range;
  return range ? { from: range.from, to: range.to } : null;
}
