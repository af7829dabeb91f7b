/** Spec §5 "Agent confirm allowed only when": each failing condition becomes a pt-BR error naming it. */
import { type ErrorCode } from '@vitrine/contracts/errors';
import { Gateway, PaymentMethod } from '@vitrine/contracts/enums';
import { formatBRL } from '@vitrine/contracts/money';
import type { ShopSettings } from '@vitrine/contracts/shop';
import { isValidBirthDate, isValidCnpj } from '@vitrine/contracts/validators';
import type { ConfirmCustomer } from '../modules/customer/service.ts';
import type { CheckoutState } from '../modules/order/service.ts';

export type ConfirmFacts = {
  customer: ConfirmCustomer;
  checkout: CheckoutState;
  settings: ShopSettings;
  gateway: number;
  itemsCents: number;
  totalCents: number;
  minOrderValueCents: number | null;
  manualPaymentInformation: string | null;
};

export type ConfirmIssue = { code: ErrorCode; params?: Record<string, string> };

const filled = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';

/** Every §5 agent-confirm condition that fails, in the spec's order (empty: confirm allowed). */
export function agentConfirmIssues(f: ConfirmFacts): ConfirmIssue[] {
  const { customer: c, checkout: k, settings: s } = f;
  const issues: ConfirmIssue[] = [];
  if (!filled(c.name)) issues.push({ code: 'confirmMissingName' });
  if (!filled(c.email)) issues.push({ code: 'confirmMissingEmail' });
  if (!filled(c.document)) issues.push({ code: 'confirmMissingDocument' });
  if (s.enableBirthDate && filled(c.birthDate) && !isValidBirthDate(c.birthDate ?? '')) {
    issues.push({ code: 'confirmInvalidBirthDate' });
  }
  const method = k.paymentMethod ?? null;
  if (
    f.gateway === Gateway.Manual &&
    method !== PaymentMethod.Custom &&
    method !== PaymentMethod.OnDelivery
  ) {
    if (!filled(f.manualPaymentInformation)) issues.push({ code: 'confirmMissingPaymentOption' });
  }
  if (s.enableCnpj && c.isCorporate) {
    const cnpjOk = filled(c.corporateDocument) && isValidCnpj(c.corporateDocument ?? '');
    if (!cnpjOk || !filled(c.corporateName) || !filled(c.tradeName))
      issues.push({ code: 'confirmMissingCorporate' });
  }
  if (!s.externalLogistic) {
    if (!k.logistic) issues.push({ code: 'confirmMissingLogistic' });
    else if (s.enableManualPrices && k.logistic.type === 1 && !k.addressId)
      issues.push({ code: 'confirmMissingAddress' });
  }
  if (method === null && !s.disableChargeOrders) issues.push({ code: 'confirmMissingPaymentMethod' });
  if (f.minOrderValueCents !== null && f.itemsCents < f.minOrderValueCents) {
    issues.push({ code: 'orderMinValue', params: { amount: formatBRL(f.minOrderValueCents) } });
  }
  if (s.steps.includes('Seller') && !k.sellerId) issues.push({ code: 'confirmMissingSeller' });
  if (s.steps.includes('Schedule') && !k.slotId) issues.push({ code: 'confirmMissingSchedule' });
  if (method === PaymentMethod.OnDelivery) {
    if (!k.paymentOption) issues.push({ code: 'confirmMissingDeliveryOption' });
    else if (k.paymentOption.group === 'Dinheiro' && (k.paymentOption.cashAmountCents ?? -1) < f.totalCents) {
      issues.push({ code: 'confirmCashAmount' });
    }
  }
  return issues;
}
