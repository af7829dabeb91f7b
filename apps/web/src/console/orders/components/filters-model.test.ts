import { describe, expect, it } from 'vitest';
import { activeFilterCount, filtersFromSearch } from './filters-model';
import { refundText } from './labels';

const plain = (text: string) => text.replace(/\u00a0/g, ' ');

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

  it("keeps 'Reembolso pendente' and drops an unknown refund filter", () => {
    expect(filtersFromSearch(new URLSearchParams('refund=pending'))).toEqual({ refund: 'pending' });
    expect(filtersFromSearch(new URLSearchParams('refund=sent'))).toEqual({});
  });

  it("reads a refund granted and not sent as 'Reembolso pendente', else what was refunded", () => {
    expect(plain(refundText({ refundPendingCents: 600, refundedCents: 4590 }))).toBe(
      'Reembolso pendente R$ 6,00',
    );
    expect(plain(refundText({ refundPendingCents: 0, refundedCents: 4590 }))).toBe('Reembolsado R$ 45,90');
    expect(refundText({ refundPendingCents: 0, refundedCents: 0 })).toBe('');
  });

  it('reads nothing from an empty search', () => {
    expect(filtersFromSearch(new URLSearchParams(''))).toEqual({});
  });
});
