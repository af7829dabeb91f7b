/**
 * A reminder claimed under its locks (send-reminder.ts): what becomes of it when it is not sent, and its chatbot
 * event ('cart.abandoned', 'payment.reminder'; docs/events.md) when the rule delivers reminders as events.
 */
import type { RecoveryDelivery, RecoveryRule, ReminderReason } from '@vitrine/contracts/console-recovery';
import type { WhatsAppTemplate } from '@vitrine/contracts/recovery-templates';
import type { Queryable } from '../../db/client.ts';
import { enqueueOrderEvent } from '../../modules/messaging/service.ts';
import { conversationOf } from '../../modules/payment/service.ts';
import type { OrderRow } from '../../modules/order/service.ts';
import {
  markSkipped,
  reschedule,
  type Decision,
  type Delivery,
  type ReminderRow,
} from '../../modules/recovery/service.ts';
import type { ShopRow } from '../../modules/shop/service.ts';

export type ReminderOutcome = {
  id: string;
  outcome: 'sent' | 'skipped' | 'waiting';
  reason: ReminderReason | null;
};

/** What a claimed reminder is decided with, read under the locks. */
export type Claimed = {
  tx: Queryable;
  reminder: ReminderRow;
  rule: RecoveryRule;
  shop: ShopRow;
  order: OrderRow;
  delivery: Delivery;
  now: Date;
};

/**
 * Records a decision that is not 'send' (skipped with its reason, or moved to a later time) and answers its
 * outcome; null for 'send' (the caller sends).
 */
export async function recordUnsent(
  { tx, reminder, now }: Claimed,
  decision: Decision,
  version: number,
): Promise<ReminderOutcome | null> {
  if (decision.action === 'skip') {
    await markSkipped(tx, reminder.id, decision.reason, now);
    return { id: reminder.id, outcome: 'skipped', reason: decision.reason };
  }
  if (decision.action === 'wait') {
    await reschedule(tx, reminder.id, decision.until, decision.reason, version);
    return { id: reminder.id, outcome: 'waiting', reason: decision.reason };
  }
  return null;
}

/** How the rule delivers this reminder (the cart's setting, or the payment reminders'). */
export const deliveryOf = (rule: RecoveryRule, reminder: Pick<ReminderRow, 'kind'>): RecoveryDelivery =>
  reminder.kind === 'cart' ? rule.cartDelivery : rule.paymentDelivery;

/**
 * The approved WhatsApp template the rule names for this reminder outside the 24-hour window, or null: the cart's, or
 * the payment reminders' for a Pix or boleto (a new code goes through the charge job's own message, never a template).
 */
export const templateFor = (
  rule: RecoveryRule,
  reminder: Pick<ReminderRow, 'kind'>,
): WhatsAppTemplate | null =>
  reminder.kind === 'cart'
    ? rule.cartWhatsAppTemplate
    : reminder.kind === 'new_code'
      ? null
      : rule.paymentWhatsAppTemplate;

/**
 * Queues the reminder's signed chatbot event in the claim's transaction, once per reminder
 * (`{type}:{reminderId}`), with the common order data (the conversation is the contact on the order's channel).
 */
export async function queueReminderEvent(
  { tx, reminder, order, delivery }: Claimed,
  type: 'cart.abandoned' | 'payment.reminder',
  detail: Record<string, unknown>,
): Promise<string> {
  const queued = await enqueueOrderEvent(tx, type, order, conversationOf(order, delivery.recipient ?? ''), {
    dedupeKey: `${type}:${reminder.id}`,
    extra: { reminder: { id: reminder.id, ...detail } },
  });
  return queued.messageId;
}
