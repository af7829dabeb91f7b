/**
 * Who may add the product and at what price (spec §4 "Product page", §5, §6), as pure functions.
 */
import type { Product } from '@vitrine/contracts/catalog';
import type { Dimension } from './variant-selection';

export interface PurchaseContext {
  product: Product;
  variant: Dimension | null;
  loading: boolean;
  hasOrder: boolean;
  isPlatformUser: boolean;
  disableRestrictedProducts: boolean;
  /** An agent who must choose the seller first (spec §6). */
  sellerMissing?: boolean;
}

/** Customers cannot buy restricted-sale products while the shop disables them (agents can). */
export function isRestrictedForUser(
  context: Omit<PurchaseContext, 'variant' | 'loading' | 'hasOrder' | 'sellerMissing'>,
): boolean {
  return context.product.isRestrictedSale && context.disableRestrictedProducts && !context.isPlatformUser;
}

/**
 * Add (and subscribe) disabled: while loading, without an order, for an inactive product, for a product with
 * variants and none chosen, for a restricted-sale product the user may not buy, or while an agent has not
 * chosen the seller the shop's seller step asks for.
 */
export function isAddDisabled(context: PurchaseContext): boolean {
  return (
    context.loading ||
    !context.hasOrder ||
    !context.product.isActive ||
    (context.product.dimensions.length > 0 && context.variant === null) ||
    isRestrictedForUser(context) ||
    context.sellerMissing === true
  );
}

export interface DisplayedPrice {
  price: number;
  promotionalPrice: number | null;
  /** Lowest and highest variant price while no variant is chosen and they differ. */
  minPrice: number | null;
  maxPrice: number | null;
  sku: string;
}

/** The chosen variant's price and sku, else the product's (with its range when variants differ). */
export function displayedPrice(product: Product, variant: Dimension | null): DisplayedPrice {
  if (variant) {
    return {
      price: variant.priceDefault,
      promotionalPrice: variant.promotionalPrice,
      minPrice: null,
      maxPrice: null,
      sku: variant.sku,
    };
  }
  const ranged = product.dimensions.length > 0 && product.minPrice < product.maxPrice;
  return {
    price: product.price,
    promotionalPrice: product.promotionalPrice,
    minPrice: ranged ? product.minPrice : null,
    maxPrice: ranged ? product.maxPrice : null,
    sku: product.sku,
  };
}
