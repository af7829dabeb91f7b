/**
 * What happens to a due payment reminder (pure, decision 0057's addendum) — the cart's order of checks where they
 * apply: the opt-out wins over everything, then the rule (payment reminders off, or this kind switched off), then
 * the order's fate (cancelled; paid, by this charge or another), then the charge's (a newer code is waiting:
 * superseded; a 'pix' or 'boleto' reminder whose code expired: expired; a 'new_code' reminder before the expiry:
 * waits for it), quiet hours, the per-contact cap, no address, and WhatsApp's 24-hour window known closed (a
 * payment reminder may only be a utility template there, and none is configured: skipped, never sent as text).
 */
import { OrderStatus, PaymentStatus } from '@vitrine/contracts/enums';
import type { RecoveryRule, ReminderKind } from '@vitrine/contracts/console-recovery';
import { deliveryDecision, firstName, type Decision, type Delivery } from './decide.ts';

export type DuePayment = Delivery & {
  kind: Exclude<ReminderKind, 'cart'>;
  orderStatus: number;
  payment: { status: number; expiresAt: Date };
  /** Another charge of the order, Waiting or Paid (the contact paid or made a new code meanwhile). */
  otherCharge: 'waiting' | 'paid' | null;
};

function ruleCovers(rule: RecoveryRule, kind: DuePayment['kind']): boolean {
  if (!rule.paymentEnabled) return false;
  if (kind === 'boleto') return rule.boletoDayBefore;
  return kind === 'pix' || rule.newCodeAfterExpiry;
}

export function decidePaymentReminder(
  rule: RecoveryRule,
  due: DuePayment,
  now: Date,
  timeZone: string,
): Decision {
  if (due.contact.optedOut) return { action: 'skip', reason: 'opted_out' };
  if (!ruleCovers(rule, due.kind)) return { action: 'skip', reason: 'rule_off' };
  const paid = due.payment.status === PaymentStatus.Paid || due.otherCharge === 'paid';
  if (paid || due.orderStatus === OrderStatus.Finalized) return { action: 'skip', reason: 'paid' };
  if (due.orderStatus !== OrderStatus.Received) return { action: 'skip', reason: 'cancelled' };
  if (due.otherCharge === 'waiting') return { action: 'skip', reason: 'superseded' };
  const expired =
    due.payment.status !== PaymentStatus.Waiting || now.getTime() >= due.payment.expiresAt.getTime();
  if (due.kind !== 'new_code' && expired) return { action: 'skip', reason: 'expired' };
  if (due.kind === 'new_code' && !expired)
    return { action: 'wait', until: due.payment.expiresAt, reason: null };
  return deliveryDecision(rule, due, now, timeZone);
}

/** The reminder's opening text: the template with {nome}, {valor} and {vencimento}. */
export function paymentReminderText(template: string, name: string | null, value: string, due: string) {
  return template
    .replaceAll('{nome}', firstName(name))
    .replaceAll('{valor}', value)
    .replaceAll('{vencimento}', due)
    .trim();
}
