import { describe, expect, it } from 'vitest';
import type { OrderItem } from '@vitrine/contracts/order';
import { findOrderLine, lineAttributesText, lineSubscriptionText, quantityAfterAdding } from './order-lines';

const line = (overrides: Partial<OrderItem>): OrderItem =>
  ({
    providerId: 'P1',
    sku: 'SKU-1',
    isGift: false,
    subscription: null,
    quantity: 2,
    ...overrides,
  }) as OrderItem;

const order = {
  items: [
    line({ index: 0 }),
    line({ index: 1, subscription: { recurrenceType: 20, frequency: 2 }, quantity: 5 }),
    line({ index: 2, sku: 'SKU-2', quantity: 1 }),
    line({ index: 3, providerId: 'G1', isGift: true, quantity: 1 }),
  ],
};

describe('order lines', () => {
  it('finds the line of a product, variant and subscription', () => {
    expect(findOrderLine(order, { providerId: 'P1', sku: 'SKU-1' })?.index).toBe(0);
    expect(
      findOrderLine(order, {
        providerId: 'P1',
        sku: 'SKU-1',
        subscription: { recurrenceType: 20, frequency: 2 },
      })?.index,
    ).toBe(1);
    expect(findOrderLine(order, { providerId: 'P1', sku: 'SKU-2' })?.index).toBe(2);
    expect(findOrderLine(order, { providerId: 'G1' })).toBeNull(); // gift lines are not added to
    expect(findOrderLine(null, { providerId: 'P1' })).toBeNull();
  });

  it('adds to the existing quantity (absolute quantity sent)', () => {
    expect(quantityAfterAdding(order, { providerId: 'P1', sku: 'SKU-1' }, 3)).toBe(5);
    expect(quantityAfterAdding(order, { providerId: 'P9' }, 1)).toBe(1);
  });

  it('describes attributes and subscriptions', () => {
    expect(
      lineAttributesText([
        { providerId: 'tamanho', optionProviderId: 'M', redirectable: false },
        { providerId: 'cor', optionProviderId: 'azul-marinho', redirectable: true },
      ]),
    ).toBe('Tamanho: M · Cor: Azul-marinho');
    expect(lineSubscriptionText({ recurrenceType: 30, frequency: 1 })).toBe('Assinatura: a cada 1 Mês');
    expect(lineSubscriptionText(null)).toBe('');
  });
});
