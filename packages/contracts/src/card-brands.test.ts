import { describe, expect, it } from 'vitest';
import { CARD_BRAND_IDS, isCardBrandId } from './card-brands.ts';

describe('card brand ids', () => {
  it('names each §9 brand once, in the browser library spelling', () => {
    expect(new Set(CARD_BRAND_IDS).size).toBe(CARD_BRAND_IDS.length);
    expect(isCardBrandId('american-express')).toBe(true);
    expect(isCardBrandId('diners-club')).toBe(true);
  });

  it('refuses the old server spellings and unknown names', () => {
    expect(isCardBrandId('amex')).toBe(false);
    expect(isCardBrandId('diners')).toBe(false);
    expect(isCardBrandId('unknown')).toBe(false);
  });
});
