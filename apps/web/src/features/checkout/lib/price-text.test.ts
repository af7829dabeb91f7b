import { describe, expect, it } from 'vitest';
import type { Order } from '@vitrine/contracts/order';
import { deliveryText, priceOrFree } from './price-text';

type Logistic = NonNullable<Order['logistic']>;
const logistic = (patch: Partial<Logistic>): Logistic => ({
  type: 1,
  providerId: 'L1',
  name: 'Entrega expressa',
  price: 12.5,
  storePickUpAddress: null,
  startDeliveryTime: null,
  shippingTimeEstimative: null,
  maxDistinctItems: null,
  maxItemsAmout: null,
  orderMinPrice: null,
  ...patch,
});

describe('price texts', () => {
  it("shows 'Grátis' for zero or empty, else BRL", () => {
    expect(priceOrFree(0)).toBe('Grátis');
    expect(priceOrFree(null)).toBe('Grátis');
    expect(priceOrFree(12.5).replace(/\u00a0/g, ' ')).toBe('R$ 12,50');
  });

  it("says 'A calcular' for delivery until a logistic is chosen", () => {
    expect(deliveryText({ logistic: null }, 0)).toBe('A calcular');
    expect(deliveryText({ logistic: logistic({ providerId: '', limitsOnly: true }) }, 0)).toBe('A calcular');
    expect(deliveryText({ logistic: logistic({ price: 0 }) }, 0)).toBe('Grátis');
    expect(deliveryText({ logistic: logistic({}) }, 12.5).replace(/\u00a0/g, ' ')).toBe('R$ 12,50');
  });
});
