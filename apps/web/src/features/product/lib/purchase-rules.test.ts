import { describe, expect, it } from 'vitest';
import type { Product } from '@vitrine/contracts/catalog';
import { displayedPrice, isAddDisabled, isRestrictedForUser, type PurchaseContext } from './purchase-rules';

const variant = {
  providerId: 'V1',
  map: { tamanho: 'M' },
  image: null,
  priceDefault: 59.9,
  promotionalPrice: 49.9,
  sku: 'SKU-M',
  isAvailable: true,
};

function product(overrides: Partial<Product> = {}): Product {
  return {
    providerId: 'P1',
    sku: 'SKU',
    price: 59.9,
    promotionalPrice: null,
    minPrice: 59.9,
    maxPrice: 69.9,
    isActive: true,
    isRestrictedSale: false,
    dimensions: [variant],
    ...overrides,
  } as Product;
}

const context = (overrides: Partial<PurchaseContext> = {}): PurchaseContext => ({
  product: product(),
  variant,
  loading: false,
  hasOrder: true,
  isPlatformUser: false,
  disableRestrictedProducts: true,
  ...overrides,
});

describe('add button (spec §4 Product page)', () => {
  it('is enabled for an active product with its variant chosen and an order', () => {
    expect(isAddDisabled(context())).toBe(false);
  });

  it.each([
    ['loading', { loading: true }],
    ['without an order', { hasOrder: false }],
    ['with variants but none chosen', { variant: null }],
    ['for an inactive product', { product: product({ isActive: false }) }],
    ['for an agent who has not chosen the seller yet', { isPlatformUser: true, sellerMissing: true }],
  ])('is disabled %s', (_label, overrides: Partial<PurchaseContext>) => {
    expect(isAddDisabled(context(overrides))).toBe(true);
  });

  it('is disabled for restricted-sale products only for customers while the shop disables them', () => {
    const restricted = product({ isRestrictedSale: true });
    expect(isAddDisabled(context({ product: restricted }))).toBe(true);
    expect(isRestrictedForUser(context({ product: restricted }))).toBe(true);
    expect(isAddDisabled(context({ product: restricted, isPlatformUser: true }))).toBe(false);
    expect(isAddDisabled(context({ product: restricted, disableRestrictedProducts: false }))).toBe(false);
  });

  it('needs no variant for a product without variants', () => {
    expect(isAddDisabled(context({ product: product({ dimensions: [] }), variant: null }))).toBe(false);
  });
});

describe('displayed price', () => {
  it("is the chosen variant's price, promotional price and sku", () => {
    expect(displayedPrice(product(), variant)).toEqual({
      price: 59.9,
      promotionalPrice: 49.9,
      minPrice: null,
      maxPrice: null,
      sku: 'SKU-M',
    });
  });

  it("is the product's price with the variants' range while none is chosen", () => {
    expect(displayedPrice(product(), null)).toMatchObject({
      price: 59.9,
      minPrice: 59.9,
      maxPrice: 69.9,
      sku: 'SKU',
    });
    expect(displayedPrice(product({ maxPrice: 59.9 }), null).minPrice).toBeNull();
  });
});
