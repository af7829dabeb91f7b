import { describe, expect, it } from 'vitest';
import { BRL_SPACE } from '@vitrine/contracts/money';
import {
  PRICE_FACET_KEY,
  priceFacetRange,
  setPriceFilter,
  toggleFacetValue,
  visibleFacets,
} from './facet-filters';
import {
  clampRange,
  isFullRange,
  positionOf,
  priceAt,
  priceFilterRange,
  priceScale,
  priceSummary,
} from './price-range';

const full = { from: 2.19, to: 33.9 };

describe('price slider scale', () => {
  it('moves in steps of R$ 10,50 from the lowest price, the last step landing on the highest', () => {
    const scale = priceScale(full);
    expect(scale).toEqual({ minCents: 219, maxCents: 3390, steps: 4 });
    expect([0, 1, 2, 3, 4].map((p) => priceAt(scale, p))).toEqual([2.19, 12.69, 23.19, 33.69, 33.9]);
    expect(priceAt(scale, 9)).toBe(33.9);
    expect(priceAt(scale, -1)).toBe(2.19);
  });

  it('finds the nearest position of a price', () => {
    const scale = priceScale(full);
    expect(positionOf(scale, 2.19)).toBe(0);
    expect(positionOf(scale, 12)).toBe(1);
    expect(positionOf(scale, 40)).toBe(4);
    expect(positionOf(scale, 0)).toBe(0);
  });

  it('handles a range narrower than one step', () => {
    const scale = priceScale({ from: 5, to: 9.99 });
    expect(scale.steps).toBe(1);
    expect(priceAt(scale, 1)).toBe(9.99);
  });

  it('snaps and orders a selection', () => {
    const scale = priceScale(full);
    expect(clampRange(scale, { from: 30, to: 11 })).toEqual({ from: 12.69, to: 33.69 });
  });
});

describe('price filter rules', () => {
  it('drops the filter when the selection is the full range', () => {
    expect(isFullRange(priceScale(full), full)).toBe(true);
    expect(priceFilterRange(full, { from: 2.19, to: 33.9 })).toBeNull();
    expect(priceFilterRange(full, { from: 0, to: 100 })).toBeNull();
    expect(priceFilterRange(full, { from: 12.69, to: 33.9 })).toEqual({ from: 12.69, to: 33.9 });
  });

  it('sets and removes the price filter among the others', () => {
    const withBrand = toggleFacetValue([], 'brand', 'Nestlé');
    const withPrice = setPriceFilter(withBrand, { from: 12.69, to: 33.9 });
    expect(withPrice).toEqual([
      { key: 'brand', values: ['Nestlé'] },
      { key: PRICE_FACET_KEY, range: { from: 12.69, to: 33.9 } },
    ]);
    expect(setPriceFilter(withPrice, null)).toEqual(withBrand);
  });

  it('summarises the range in reais', () => {
    expect(priceSummary({ from: 2.19, to: 33.9 }).replaceAll(BRL_SPACE, ' ')).toBe(
      'Preço de R$ 2,19 até R$ 33,90',
    );
  });
});

describe('facet filters', () => {
  it('ticks and unticks values, dropping an empty filter', () => {
    const one = toggleFacetValue([], 'brand', 'A');
    const two = toggleFacetValue(one, 'brand', 'B');
    expect(two).toEqual([{ key: 'brand', values: ['A', 'B'] }]);
    expect(toggleFacetValue(toggleFacetValue(two, 'brand', 'A'), 'brand', 'B')).toEqual([]);
  });

  it('shows facets with values and a usable price range', () => {
    const facets = [
      { key: 'brand', name: 'Marca', hidden: true, values: [] },
      { key: 'seller', name: 'Vendido por', hidden: false, values: [{ value: 'x', name: 'x', quantity: 1 }] },
      {
        key: 'price',
        name: 'Preço',
        hidden: false,
        values: [{ value: 'price', name: 'Preço', quantity: 3, range: { from: 1, to: 1 } }],
      },
    ];
    expect(visibleFacets(facets).map((f) => f.key)).toEqual(['seller']);
    expect(priceFacetRange(facets)).toEqual({ from: 1, to: 1 });
  });
});
