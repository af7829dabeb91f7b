/**
 * Installment plans from the shop's rules, in integer centavos (no float anywhere):
 * - up to `interestFree` installments: the total is the amount; each installment is floor(amount / n) and the
 *   last one absorbs the remainder, so the plan adds up to the amount exactly;
 * - above it: the Price table (French amortisation) at the monthly rate, PMT = PV·i / (1 − (1 + i)^−n), computed
 *   with BigInt on the exact rational i = bp / 10 000 and rounded half up to the centavo; total = PMT · n;
 * - a plan exists when n ≤ maxInstallments and its installment is at least the minimum (1x always exists).
 * And §3 Card options: the card types the card page offers, each with the plans of the shop's rules.
 */
import type { CardOption } from '@vitrine/contracts/payment';
import { centsToReais } from '@vitrine/contracts/money';
import { AppError } from '../../lib/app-error.ts';

export type InstallmentRules = {
  maxInstallments: number;
  minInstallmentCents: number;
  interestFree: number;
  /** Monthly interest in basis points (1,99% = 199). */
  monthlyInterestBp: number;
};

export type InstallmentPlan = {
  count: number;
  installmentCents: number;
  /** What the shopper pays in all. */
  totalCents: number;
  /** The last installment (differs from installmentCents only on interest-free plans with a remainder). */
  lastInstallmentCents: number;
  interestFree: boolean;
};

const BP = 10_000n;

/** round-half-up(numerator / denominator) for non-negative BigInts. */
function divRound(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** The installment of `n` monthly payments of a loan of `amountCents` at `bp` (> 0) basis points a month. */
export function priceTableInstallment(amountCents: number, n: number, bp: number): number {
  const rate = BigInt(bp);
  const growth = (BP + rate) ** BigInt(n);
  const base = BP ** BigInt(n);
  // PV · (r / BP) · growth/base / ((growth − base) / base) = PV · r · growth / (BP · (growth − base))
  return Number(divRound(BigInt(amountCents) * rate * growth, BP * (growth - base)));
}

/** The plan of `count` installments for `amountCents` (whether or not the rules allow it). */
export function planOf(amountCents: number, count: number, rules: InstallmentRules): InstallmentPlan {
  if (count <= rules.interestFree || rules.monthlyInterestBp === 0) {
    const each = Math.floor(amountCents / count);
    return {
      count,
      installmentCents: each,
      totalCents: amountCents,
      lastInstallmentCents: amountCents - each * (count - 1),
      interestFree: true,
    };
  }
  const each = priceTableInstallment(amountCents, count, rules.monthlyInterestBp);
  return {
    count,
    installmentCents: each,
    totalCents: each * count,
    lastInstallmentCents: each,
    interestFree: false,
  };
}

/** Every plan the rules allow for `amountCents`, 1x first. */
export function installmentPlans(amountCents: number, rules: InstallmentRules): InstallmentPlan[] {
  const plans = [planOf(amountCents, 1, rules)];
  for (let count = 2; count <= rules.maxInstallments; count++) {
    const plan = planOf(amountCents, count, rules);
    if (plan.installmentCents < rules.minInstallmentCents || plan.installmentCents < 1) break;
    plans.push(plan);
  }
  return plans;
}

/** Card types: credit takes the shop's plans; debit is always one payment. */
export const CARD_TYPES = [
  { providerId: 'credit', name: 'Crédito', maxInstallments: 24 },
  { providerId: 'debit', name: 'Débito', maxInstallments: 1 },
] as const;

function plansOf(amountCents: number, rules: InstallmentRules, providerId: string): InstallmentPlan[] {
  const type = CARD_TYPES.find((t) => t.providerId === providerId);
  if (!type) return [];
  return installmentPlans(amountCents, {
    ...rules,
    maxInstallments: Math.min(rules.maxInstallments, type.maxInstallments),
  });
}

/** Card options for an amount (wire: reais). */
export function cardOptionsFor(amountCents: number, rules: InstallmentRules): CardOption[] {
  return CARD_TYPES.map((type) => ({
    providerId: type.providerId,
    name: type.name,
    installments: plansOf(amountCents, rules, type.providerId).map((plan) => ({
      count: plan.count,
      value: centsToReais(plan.installmentCents),
      total: centsToReais(plan.totalCents),
      interestFree: plan.interestFree,
    })),
  }));
}

/** The plan of `installments` for the card type; 422 when the rules do not offer it. */
export function planFor(
  amountCents: number,
  rules: InstallmentRules,
  providerId: string,
  installments: number,
): InstallmentPlan {
  const plan = plansOf(amountCents, rules, providerId).find((p) => p.count === installments);
  if (!plan) throw new AppError('unprocessable', 'installmentsUnavailable');
  return plan;
}
