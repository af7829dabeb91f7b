import { describe, expect, it } from 'vitest';
import { activeFilterCount, filtersFromSearch } from './orders-filters-model';

describe('board filters from the URL', () => {
  it('keeps the valid filters and drops unknown keys and bad values', () => {
    const filters = filtersFromSearch(
      new URLSearchParams(
        'status=canceled&payment=pago&channel=whatsapp&from=2026-11-01&to=ontem&q=%20Ana%20&x=1',
      ),
    );
    expect(filters).toEqual({ status: 'canceled', channel: 'whatsapp', from: '2026-11-01', q: 'Ana' });
    expect(activeFilterCount(filters)).toBe(4);
  });

  it('reads nothing from an empty search', () => {
    expect(filtersFromSearch(new URLSearchParams(''))).toEqual({});
  });
});
