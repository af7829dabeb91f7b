import { describe, expect, it } from 'vitest';
import { cardBrandOf, isLuhnValid } from '../../lib/card-brand.ts';
import { installmentPlans, planOf, priceTableInstallment } from './installments.ts';

const RULES = { maxInstallments: 12, minInstallmentCents: 500, interestFree: 3, monthlyInterestBp: 199 };

describe('installments', () => {
  it('interest-free plans add up exactly; the last installment absorbs the remainder', () => {
    expect(planOf(10_000, 3, RULES)).toEqual({
      count: 3,
      installmentCents: 3333,
      totalCents: 10_000,
      lastInstallmentCents: 3334,
      interestFree: true,
    });
    for (const amount of [1, 99, 10_001, 123_457]) {
      const plan = planOf(amount, 3, RULES);
      expect(plan.installmentCents * 2 + plan.lastInstallmentCents).toBe(amount);
    }
  });

  it('uses the Price table above the interest-free count (R$ 1.000,00 in 12x at 1,99% → R$ 94,50)', () => {
    // PMT = 1000 · 0.0199 / (1 − 1.0199^−12) = 94.5015… → 94,50
    expect(priceTableInstallment(100_000, 12, 199)).toBe(9450);
    // 4x of R$ 100,00 at 1,99%: 26.2560… → 26,26
    expect(planOf(10_000, 4, RULES)).toMatchObject({
      installmentCents: 2626,
      totalCents: 10_504,
      interestFree: false,
    });
    // 10% a month, 2x of R$ 100,00: 57.6190… → 57,62
    expect(priceTableInstallment(10_000, 2, 1000)).toBe(5762);
  });

  it('offers plans up to the maximum while the installment reaches the minimum', () => {
    expect(installmentPlans(100_000, RULES).map((p) => p.count)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    // R$ 20,00: 4 × 5,00 interest-free would pass but 4x carries interest (5,26) and 5x is 4,24 < 5,00
    expect(installmentPlans(2_000, RULES).map((p) => p.count)).toEqual([1, 2, 3, 4]);
    expect(installmentPlans(400, RULES).map((p) => p.count)).toEqual([1]);
    expect(installmentPlans(10_000, { ...RULES, monthlyInterestBp: 0 }).every((p) => p.interestFree)).toBe(
      true,
    );
  });

  it('detects brands from the BIN and checks Luhn', () => {
    expect(
      [
        '4111111111111111',
        '5555555555554444',
        '378282246310005',
        '6362970000457013',
        '6062825624254001',
        '36490102462661',
      ].map(cardBrandOf),
    ).toEqual(['visa', 'mastercard', 'american-express', 'elo', 'hipercard', 'diners-club']);
    expect(isLuhnValid('4111111111111111')).toBe(true);
    expect(isLuhnValid('4111111111111112')).toBe(false);
  });
});
