import { describe, expect, it } from 'vitest';
import type { Order } from '@vitrine/contracts/order';
import { addBlockReason, cardPrices, lineQuantity, visibleProducts } from './product-card-rules';

type Item = Order['items'][number];
const item = (patch: Partial<Item>) =>
  ({ providerId: 'P1', quantity: 1, isGift: false, subscription: null, ...patch }) as Item;
const order = {
  items: [
    item({ quantity: 2 }),
    item({ quantity: 5, isGift: true }),
    item({ quantity: 3, subscription: { recurrenceType: 20, frequency: 1 } }),
    item({ providerId: 'P2', quantity: 1.5 }),
  ],
};

describe('lineQuantity', () => {
  it('is the quantity of the product’s plain line, not gifts nor subscriptions', () => {
    expect(lineQuantity(order, 'P1')).toBe(2);
    expect(lineQuantity(order, 'P2')).toBe(1.5);
    expect(lineQuantity(order, 'P3')).toBe(0);
    expect(lineQuantity(null, 'P1')).toBe(0);
  });

  it('matches the subscription line when one is given', () => {
    expect(lineQuantity(order, 'P1', { recurrenceType: 20, frequency: 1 })).toBe(3);
    expect(lineQuantity(order, 'P1', { recurrenceType: 30, frequency: 1 })).toBe(0);
  });
});

describe('addBlockReason', () => {
  const customer = { isPlatformUser: false, disableRestrictedProducts: true };
  it('blocks inactive products for everyone', () => {
    expect(
      addBlockReason({ isActive: false, isRestrictedSale: false }, { ...customer, isPlatformUser: true }),
    ).toBe('inactive');
  });

  it('blocks restricted-sale products for customers only when the shop disables them', () => {
    const restricted = { isActive: true, isRestrictedSale: true };
    expect(addBlockReason(restricted, customer)).toBe('restricted');
    expect(addBlockReason(restricted, { ...customer, isPlatformUser: true })).toBeNull();
    expect(addBlockReason(restricted, { ...customer, disableRestrictedProducts: false })).toBeNull();
  });
});

describe('cardPrices', () => {
  it('strikes the list price through when promotional', () => {
    expect(cardPrices({ price: 10, listPrice: 10, promotionalPrice: 8.5 })).toEqual({
      current: 8.5,
      previous: 10,
    });
    expect(cardPrices({ price: 10, listPrice: 12, promotionalPrice: null })).toEqual({
      current: 10,
      previous: 12,
    });
    expect(cardPrices({ price: 10, listPrice: 10, promotionalPrice: null })).toEqual({
      current: 10,
      previous: null,
    });
  });
});

describe('visibleProducts', () => {
  it('hides inactive products only when the shop says so', () => {
    const list = [{ isActive: true }, { isActive: false }];
    expect(visibleProducts(list, true)).toHaveLength(1);
    expect(visibleProducts(list, false)).toHaveLength(2);
  });
});
