import { describe, expect, it } from 'vitest';
import { formatBRL } from '@vitrine/contracts/money';
import {
  assertQuantity,
  blockingIssues,
  blockingMessages,
  itemsAmountCents,
  lineTotalCents,
  orderAmounts,
} from './pricing.ts';

describe('line totals', () => {
  it('multiplies the effective price (promotional ?? list) by the quantity, in centavos', () => {
    expect(lineTotalCents(1290, 990, 3)).toBe(2970);
    expect(lineTotalCents(1290, null, 3)).toBe(3870);
    expect(lineTotalCents(1290, 0, 3)).toBe(0); // a zero promotional price is a price, not "no promotion"
  });

  it('rounds half portions of kilo items half up, on integers', () => {
    expect(lineTotalCents(875, 777, 2.5)).toBe(1943); // 1942.5
    expect(lineTotalCents(799, null, 0.5)).toBe(400); // 399.5
    expect(lineTotalCents(800, null, 1.5)).toBe(1200);
  });

  it('sums non-gift lines into the items amount', () => {
    const lines = [
      { total_cents: 2970, is_gift: false },
      { total_cents: 0, is_gift: true },
      { total_cents: 1943, is_gift: false },
    ];
    expect(itemsAmountCents(lines)).toBe(4913);
  });
});

describe('order amounts', () => {
  const tenPercent = { id: 'c', kind: 'percentage' as const, value: 10, minOrderCents: 5000 };

  it('recomputes a percentage coupon from the items amount, rounded half up', () => {
    expect(orderAmounts({ coupon: tenPercent }, 6005)).toMatchObject({
      couponDiscountCents: 601,
      discountCents: 601,
      totalCents: 5404,
      couponBelowMinimum: false,
    });
    expect(orderAmounts({ coupon: tenPercent }, 8000).couponDiscountCents).toBe(800);
  });

  it('keeps a coupon below its minimum but gives nothing, and says so', () => {
    expect(orderAmounts({ coupon: tenPercent }, 4999)).toMatchObject({
      couponDiscountCents: 0,
      totalCents: 4999,
      couponBelowMinimum: true,
    });
  });

  it('applies the manual discount up to what the coupon leaves, the total never below the fees', () => {
    const fixed = { id: 'f', kind: 'fixed' as const, value: 1500, minOrderCents: 0 };
    const seller = { providerId: 's', name: 'Loja', serviceTaxCents: 290 };
    const amounts = orderAmounts({ coupon: fixed, manualDiscountCents: 2000, seller }, 3000);
    expect(amounts).toMatchObject({ couponDiscountCents: 1500, manualDiscountCents: 1500, feesCents: 290 });
    expect(amounts.totalCents).toBe(290);
    expect(orderAmounts({ coupon: fixed }, 1000)).toMatchObject({ discountCents: 1000, totalCents: 0 });
    expect(orderAmounts({ manualDiscountCents: 2000 }, 5000).manualDiscountCents).toBe(2000);
  });
});

describe('quantities', () => {
  it('needs whole quantities for unit products', () => {
    expect(() => assertQuantity(3, false)).not.toThrow();
    expect(() => assertQuantity(1.5, false)).toThrow('A quantidade deve ser um número inteiro.');
  });

  it('takes kilo quantities in half portions', () => {
    for (const q of [0.5, 1, 2.5, 999]) expect(() => assertQuantity(q, true)).not.toThrow();
    for (const q of [0.1, 0.3, 1.25]) {
      expect(() => assertQuantity(q, true)).toThrow(
        'Para produtos vendidos por quilo, a quantidade deve ser múltipla de 0,5.',
      );
    }
  });
});

describe('blocking messages (spec §5)', () => {
  const limits = { minOrderValueCents: 3000, orderMinPriceCents: null, maxDistinctItems: 2, maxItems: 5 };
  const line = (quantity: number, is_gift = false) => ({ quantity, is_gift });

  it('blocks below the minimum; equal passes', () => {
    expect(blockingMessages(blockingIssues(limits, [line(1)], 2999))).toEqual([
      `O valor mínimo do seu pedido é ${formatBRL(3000)}`,
    ]);
    expect(blockingIssues(limits, [line(1)], 3000)).toEqual([]);
  });

  it('uses the larger of minOrderValue and logistic.orderMinPrice', () => {
    const withLogistic = { ...limits, orderMinPriceCents: 4500 };
    expect(blockingMessages(blockingIssues(withLogistic, [line(1)], 4499))).toEqual([
      `O valor mínimo do seu pedido é ${formatBRL(4500)}`,
    ]);
    expect(blockingIssues(withLogistic, [line(1)], 4500)).toEqual([]);
  });

  it('blocks more distinct lines than allowed; gifts do not count', () => {
    expect(blockingIssues(limits, [line(1), line(1), line(1, true)], 3000)).toEqual([]);
    expect(blockingMessages(blockingIssues(limits, [line(1), line(1), line(1)], 3000))).toEqual([
      'O máximo de itens distintos do seu pedido é 2',
    ]);
  });

  it('blocks a total quantity above the maximum, fractional kilo quantities included', () => {
    expect(blockingIssues(limits, [line(2.5), line(2.5)], 3000)).toEqual([]);
    expect(blockingMessages(blockingIssues(limits, [line(3), line(2.5)], 3000))).toEqual([
      'O máximo de itens do seu pedido é 5',
    ]);
  });

  it('has no limits when the shop sets none', () => {
    const none = {
      minOrderValueCents: null,
      orderMinPriceCents: null,
      maxDistinctItems: null,
      maxItems: null,
    };
    expect(blockingIssues(none, [line(999), line(999), line(999)], 0)).toEqual([]);
  });
});
