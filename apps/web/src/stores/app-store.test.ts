import { describe, expect, it } from 'vitest';
import { OrderStatus } from '@vitrine/contracts/enums';
import type { Order } from '@vitrine/contracts/order';
import { cartItemCount } from './app-store';

const item = (quantity: number) => ({ quantity }) as Order['items'][number];

describe('cartItemCount', () => {
  it('sums the quantities of an open order, kilo items included', () => {
    expect(cartItemCount({ status: OrderStatus.Creating, items: [item(2), item(0.5)] })).toBe(2.5);
  });

  it('is 0 without an order and once the order was confirmed or cancelled', () => {
    expect(cartItemCount(null)).toBe(0);
    expect(cartItemCount({ status: OrderStatus.Received, items: [item(3)] })).toBe(0);
    expect(cartItemCount({ status: OrderStatus.Canceled, items: [item(3)] })).toBe(0);
  });
});
