/**
 * The prices a product card shows (spec §2 "Product card"): what the shopper pays and the struck-through
 * previous price. Shared by the web's card and the server's first view, so both print the same amounts.
 */
import type { Product } from './catalog.ts';
import { reaisToCents } from './money.ts';

export interface CardPrices {
  /** What the shopper pays (reais). */
  current: number;
  /** Struck-through previous price, when higher than `current`. */
  previous: number | null;
}

/** Current price (promotional when set) and the list price struck through when the product is on offer. */
export function cardPrices(product: Pick<Product, 'price' | 'listPrice' | 'promotionalPrice'>): CardPrices {
  const promo = product.promotionalPrice;
  const current = promo !== null && promo !== undefined && promo > 0 ? promo : product.price;
  const reference = Math.max(product.listPrice ?? 0, product.price);
  const previous = reaisToCents(reference) > reaisToCents(current) ? reference : null;
  return { current, previous };
}
