import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CARD_BRAND_IDS, UNKNOWN_CARD_BRAND } from '@vitrine/contracts/card-brands';
import { cardBrandOf } from '../../lib/card-brand.ts';
import { cardBrandFromProvider } from './card-brand-names.ts';

describe('card brands named once', () => {
  it("maps the providers' names to the shared ids", () => {
    expect(
      [
        'master',
        'debmaster',
        'amex',
        'Amex',
        'Visa',
        'debvisa',
        'Mastercard',
        'diners',
        'Elo',
        'Hipercard',
      ].map(cardBrandFromProvider),
    ).toEqual([
      'mastercard',
      'mastercard',
      'american-express',
      'american-express',
      'visa',
      'visa',
      'mastercard',
      'diners-club',
      'elo',
      'hipercard',
    ]);
    expect(cardBrandFromProvider('Aura')).toBe(UNKNOWN_CARD_BRAND);
    expect(cardBrandFromProvider(null)).toBeNull();
  });

  it('the server BIN table answers only shared ids', () => {
    const brands = ['378282246310005', '36490102462661', '4111111111111111', '9999999999999999'].map(
      cardBrandOf,
    );
    expect(brands).toEqual(['american-express', 'diners-club', 'visa', 'unknown']);
  });

  it("the database CHECK lists exactly the contracts' ids and 'unknown'", () => {
    const sql = readFileSync(new URL('../../db/migrations/0024_card_brand_ids.sql', import.meta.url), 'utf8');
    const check = sql.slice(sql.indexOf('add constraint payments_card_brand_known'));
    const listed = [...check.matchAll(/'([a-z-]+)'/g)].map((m) => m[1]).sort();
    expect(listed).toEqual([...CARD_BRAND_IDS, UNKNOWN_CARD_BRAND].sort());
  });
});
