/**
 * Card brands of spec §9, one naming for the server and the web: the ids of Braintree's `credit-card-type` (what the
 * card page detects while the shopper types), plus 'dankort', 'laser' and 'visa-electron' that the page adds.
 * A stored or reported brand is one of these ids, or 'unknown' when none matches.
 * Providers' own names ('amex', 'master', 'Visa', …) are mapped to these ids in the gateway adapters only
 * (apps/server/src/adapters/payments/card-brand-names.ts).
 */
import { z } from 'zod';

export const CARD_BRAND_IDS = [
  'visa',
  'mastercard',
  'american-express',
  'diners-club',
  'discover',
  'jcb',
  'unionpay',
  'maestro',
  'elo',
  'mir',
  'hiper',
  'hipercard',
  'dankort',
  'laser',
  'visa-electron',
] as const;

export const cardBrandId = z.enum(CARD_BRAND_IDS);
export type CardBrandId = z.infer<typeof cardBrandId>;

/** The brand of a card whose number matches none of the known brands. */
export const UNKNOWN_CARD_BRAND = 'unknown';

/** A stored or reported brand (payments.card_brand; migration 0024 checks it). */
export type CardBrand = CardBrandId | typeof UNKNOWN_CARD_BRAND;

/** Whether `value` names one of the §9 brands. */
export function isCardBrandId(value: string): value is CardBrandId {
  return (CARD_BRAND_IDS as readonly string[]).includes(value);
}
