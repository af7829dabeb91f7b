/**
 * The providers' card brand names mapped to ours (@vitrine/contracts/card-brands), here at the gateway edge only:
 * Mercado Pago's `payment_method_id` ('master', 'amex', 'debvisa', …) and Pagar.me's `card.brand` ('Visa',
 * 'Mastercard', 'Amex', …). A name we do not know is 'unknown'.
 */
import {
  isCardBrandId,
  UNKNOWN_CARD_BRAND,
  type CardBrand,
  type CardBrandId,
} from '@vitrine/contracts/card-brands';

const PROVIDER_NAMES: Record<string, CardBrandId> = {
  master: 'mastercard',
  debmaster: 'mastercard',
  debvisa: 'visa',
  debelo: 'elo',
  amex: 'american-express',
  'american express': 'american-express',
  americanexpress: 'american-express',
  diners: 'diners-club',
  'diners club': 'diners-club',
  dinersclub: 'diners-club',
};

/** Our brand of a provider's brand name; null when the provider gave none. */
export function cardBrandFromProvider(name: string | null | undefined): CardBrand | null {
  if (!name) return null;
  const key = name.trim().toLowerCase();
  if (isCardBrandId(key)) return key;
  return PROVIDER_NAMES[key] ?? UNKNOWN_CARD_BRAND;
}
