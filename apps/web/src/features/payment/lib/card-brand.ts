/**
 * Card constants of spec §9 and brand detection.
 *
 * - `previewLength` is the spec's own rule (15 American Express, 14 Diners, 19 Hipercard/Mastercard/Visa, otherwise
 *   16); the security code length is contracts' `cardSecurityCodeLength`.
 * - Brands are detected with Braintree's `credit-card-type`, narrowed to exactly the §9 list (contracts'
 *   `CARD_BRAND_IDS`, the naming the server shares): the brands it
 *   knows that §9 does not (Troy, Naranja, Verve) are removed; Dankort, Laser and Visa Electron are added, and
 *   Hipercard gets its 3841 prefixes. The library is downloaded on demand (`loadBrandDetector`), so the page
 *   chunk does not carry it and the page initialises it after 200 ms (spec §4).
 */
import type { CreditCardType } from 'credit-card-type/dist/types';
import { isCardBrandId, type CardBrandId } from '@vitrine/contracts/card-brands';

export interface CardBrand {
  id: CardBrandId;
  /** Display name ('Visa', 'American Express', …). */
  name: string;
}

/** Finds the brand of a card number (digits); null while unknown or still ambiguous. */
export type BrandDetector = (digits: string) => CardBrand | null;

/** The §9 brands the library does not know. */
const ADDED_BRANDS: CreditCardType[] = [
  {
    niceType: 'Dankort',
    type: 'dankort',
    // 5019 (Dankort) and 4571 (Visa/Dankort); the 6-digit range outranks Maestro's 500000–504174.
    patterns: [[501900, 501999], 4571],
    gaps: [4, 8, 12],
    lengths: [16],
    code: { name: 'CVV', size: 3 },
  },
  {
    niceType: 'Laser',
    type: 'laser',
    patterns: [6304, 6706, 6709, 6771],
    gaps: [4, 8, 12],
    lengths: [16, 17, 18, 19],
    code: { name: 'CVV', size: 3 },
  },
  {
    niceType: 'Visa Electron',
    type: 'visa-electron',
    patterns: [4026, 417500, 4405, 4508, 4844, 4913, 4917],
    gaps: [4, 8, 12],
    lengths: [16],
    code: { name: 'CVV', size: 3 },
  },
];

/** Known to the library, not in §9. */
const REMOVED_BRANDS = ['troy', 'naranja', 'verve'];

/** The 3841 Hipercard ranges the library lacks. */
const HIPERCARD_PATTERNS: CreditCardType['patterns'] = [606282, 384100, 384140, 384160];

let detector: Promise<BrandDetector> | null = null;

/** Downloads and configures the brand library once; every call resolves with the same detector. */
export function loadBrandDetector(): Promise<BrandDetector> {
  detector ??= import('credit-card-type').then(({ default: creditCardType }) => {
    for (const id of REMOVED_BRANDS) creditCardType.removeCard(id);
    creditCardType.updateCard('hipercard', { patterns: HIPERCARD_PATTERNS });
    for (const card of ADDED_BRANDS) {
      creditCardType.addCard(card);
      // Ahead of the library's brands, so a tie in prefix length (Dankort vs Maestro) goes to the narrower one.
      creditCardType.changeOrder(card.type, 0);
    }
    return (digits: string) => {
      if (!digits) return null;
      const matches = creditCardType(digits);
      const [match] = matches;
      if (matches.length !== 1 || !match || !isCardBrandId(match.type)) return null;
      return { id: match.type, name: match.niceType };
    };
  });
  return detector;
}

/** Spec §9 preview number length by brand. */
export function previewLength(brand: CardBrandId | null | undefined): number {
  switch (brand) {
    case 'american-express':
      return 15;
    case 'diners-club':
      return 14;
    case 'hipercard':
    case 'mastercard':
    case 'visa':
      return 19;
    default:
      return 16;
  }
}

/** The preview's number: typed digits then '•' up to the brand's length, in groups of 4. */
export function previewNumber(digits: string, brand: CardBrandId | null | undefined): string {
  const length = Math.max(previewLength(brand), digits.length);
  const padded = digits.padEnd(length, '•');
  return padded.replace(/(.{4})(?=.)/g, '$1 ');
}
