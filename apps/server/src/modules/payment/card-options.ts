/** §3 Card options: the card types the card page offers, with the installment plans of the shop's rules. */
import type { CardOption } from '@vitrine/contracts/payment';
import { centsToReais } from '@vitrine/contracts/money';
import { AppError } from '../../lib/app-error.ts';
import { installmentPlans, type InstallmentPlan, type InstallmentRules } from './installments.ts';

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
