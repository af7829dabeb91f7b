/**
 * Product card rules (spec §2 "Product card", §4 "Add-to-cart", §5): quantity to send, whether adding is
 * allowed, which prices to show.
 */
import type { Product } from '@vitrine/contracts/catalog';
import type { Order } from '@vitrine/contracts/order';
import { isSoldOut } from '@vitrine/contracts/stock';
export { cardPrices, type CardPrices } from '@vitrine/contracts/card-prices';

export interface SubscriptionChoice {
  recurrenceType: number;
  frequency: number;
}

const sameSubscription = (
  a: SubscriptionChoice | null | undefined,
  b: SubscriptionChoice | null | undefined,
): boolean =>
  (a ?? null) === null
    ? (b ?? null) === null
    : !!b && a!.recurrenceType === b.recurrenceType && a!.frequency === b.frequency;

/** Quantity of the order line of this product (not a gift; same subscription, none by default); 0 if none. */
export function lineQuantity(
  order: Pick<Order, 'items'> | null | undefined,
  providerId: string,
  subscription: SubscriptionChoice | null = null,
): number {
  const line = order?.items.find(
    (item) =>
      item.providerId === providerId && !item.isGift && sameSubscription(item.subscription, subscription),
  );
  return line && Number.isFinite(line.quantity) ? line.quantity : 0;
}

export interface AddContext {
  isPlatformUser: boolean;
  disableRestrictedProducts: boolean;
}

/** Why the add button is disabled, or null when adding is allowed. */
export function addBlockReason(
  product: Pick<Product, 'isActive' | 'isRestrictedSale' | 'stockLeft'>,
  context: AddContext,
): 'inactive' | 'soldOut' | 'restricted' | null {
  if (!product.isActive) return 'inactive';
  if (isSoldOut(product.stockLeft)) return 'soldOut';
  if (product.isRestrictedSale && context.disableRestrictedProducts && !context.isPlatformUser)
    return 'restricted';
  return null;
}

/** Products shown in the grid: inactive ones dropped when the shop hides them. */
export function visibleProducts<T extends Pick<Product, 'isActive'>>(
  products: readonly T[],
  hideInactive: boolean,
): T[] {
  return hideInactive ? products.filter((product) => product.isActive) : [...products];
}
