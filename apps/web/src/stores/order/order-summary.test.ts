import { describe, expect, it } from 'vitest';
import { orderSubtotal, orderSummaryFigures } from './order-summary';

describe('orderSubtotal (spec §5)', () => {
  it('adds a negative discount to the items amount', () => {
    expect(orderSubtotal(100, -15.5)).toBe(84.5);
  });
  it('subtracts a positive discount from the items amount', () => {
    expect(orderSubtotal(100, 15.5)).toBe(84.5);
  });
  it('is the items amount without a discount, free of float error', () => {
    expect(orderSubtotal(0.3, 0)).toBe(0.3);
    expect(orderSubtotal(0.3, 0.1)).toBe(0.2);
    expect(orderSubtotal(19.99, -0.99)).toBe(19);
  });
});

describe('orderSummaryFigures', () => {
  it('shows the absolute discount as the savings', () => {
    expect(orderSummaryFigures({ itemsAmout: 50, discountAmout: -5, totalAmout: 45 })).toEqual({
      itemsAmount: 50,
      savings: 5,
      subtotal: 45,
      total: 45,
    });
    expect(orderSummaryFigures({ itemsAmout: 50, discountAmout: 0, totalAmout: 50 }).savings).toBe(0);
  });
});
