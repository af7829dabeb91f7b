/**
 * A due payment reminder (issue 36, decision 0057's addendum), under the locks send-reminder.ts took:
 * - 'pix' and 'boleto': the payment message again with the same code or line and its expiry, opened by the rule's
 *   payment template ({nome}, {valor}, {vencimento}) instead of the confirmation's line;
 * - 'new_code': the expired charge is marked Expired (its stock goes back, decision 0044), the order's lines are
 *   checked against what is available (skipped 'out_of_stock' when they no longer fit) and the charge job is
 *   queued — it makes the new charge, which holds the stock again, and sends its message.
 * With the rule's payment delivery 'event' or 'both', the signed `payment.reminder` event goes to the chatbot
 * platform (with the same code) instead of or with the message; a new code is made by the job either way.
 * Queued in this transaction through the outbox, once per reminder (`recovery:{id}`, the job `…:{id}`, the event
 * `payment.reminder:{id}`).
 */
import { ChannelType } from '@vitrine/contracts/enums';
import { formatBRL } from '@vitrine/contracts/money';
import { dateTimeText } from '@vitrine/contracts/shop-time';
import { TEXT_LIMITS } from '../../adapters/channels/channel-adapter.ts';
import { paymentMessage } from '../../modules/messaging/service.ts';
import { enqueueMessage, KIND_BY_CHANNEL } from '../../modules/outbox/service.ts';
import {
  chargeInstructions,
  expireCharge,
  findOtherCharge,
  findPayment,
  queueNewCharge,
  type PaymentRow,
} from '../../modules/payment/service.ts';
import {
  decidePaymentReminder,
  firstName,
  markSent,
  markSkipped,
  paymentReminderText,
} from '../../modules/recovery/service.ts';
import { canHoldOrder } from '../../modules/stock/service.ts';
import {
  deliveryOf,
  queueReminderEvent,
  recordUnsent,
  type Claimed,
  type ReminderOutcome,
} from './claimed.ts';
import { templateOf } from './reminder-template.ts';

export async function remindPayment(claimed: Claimed): Promise<ReminderOutcome> {
  const { tx, reminder, rule, shop, order, delivery, now } = claimed;
  const payment = await findPayment(tx, reminder.payment_id!);
  if (!payment?.expires_at) throw new Error(`reminder ${reminder.id} names no charge with an expiry`);
  const kind = reminder.kind as 'pix' | 'boleto' | 'new_code';
  const decision = decidePaymentReminder(
    rule,
    {
      ...delivery,
      kind,
      orderStatus: order.status,
      payment: { status: payment.status, expiresAt: new Date(payment.expires_at) },
      otherCharge: await findOtherCharge(tx, order.id, payment.id),
    },
    now,
    shop.time_zone,
  );
  const unsent = await recordUnsent(claimed, decision, 0);
  if (unsent) return unsent;
  const viaTemplate = decision.action === 'send' && decision.viaTemplate === true;
  if (kind === 'new_code') {
    await expireCharge(tx, payment.id);
    if (!(await canHoldOrder(tx, order.id))) {
      await markSkipped(tx, reminder.id, 'out_of_stock', now);
      return { id: reminder.id, outcome: 'skipped', reason: 'out_of_stock' };
    }
  }
  const how = deliveryOf(rule, reminder);
  const event =
    how === 'message'
      ? null
      : await queueReminderEvent(claimed, 'payment.reminder', {
          kind,
          payment: {
            id: payment.id,
            method: payment.method,
            expiresAt: new Date(payment.expires_at).toISOString(),
            pixCopyPaste: payment.pix_copy_paste,
            boletoLine: payment.boleto_line,
          },
        });
  // A new code is always made by the charge job, which sends its own payment message.
  const message =
    kind === 'new_code'
      ? (await queueNewCharge(tx, order, delivery.recipient!, reminder.id)).messageId
      : how === 'event'
        ? null
        : await queueReminderMessage(claimed, payment, viaTemplate);
  await markSent(tx, reminder.id, (message ?? event)!, now);
  return { id: reminder.id, outcome: 'sent', reason: null };
}

/** A Pix or boleto reminder's chat message: the template, then the same code or line; answers the outbox id. */
async function queueReminderMessage(
  { tx, reminder, rule, shop, order, delivery }: Claimed,
  payment: PaymentRow,
  viaTemplate: boolean,
): Promise<string> {
  const channel = KIND_BY_CHANNEL[order.channel_type as ChannelType];
  const value = formatBRL(payment.amount_cents);
  const due = dateTimeText(new Date(payment.expires_at!).toISOString(), shop.time_zone, ' às ');
  const header = paymentReminderText(rule.paymentTemplate, reminder.contact_name, value, due);
  const how = chargeInstructions(payment)!;
  const message = paymentMessage(
    shop.name,
    payment.amount_cents,
    how,
    TEXT_LIMITS[channel],
    shop.time_zone,
    header,
  );
  // Outside WhatsApp's window: one part, the approved utility template, with the same code as a parameter.
  const linked = message.parts.find((part) => part.button);
  const parts =
    viaTemplate && rule.paymentWhatsAppTemplate
      ? [
          {
            text: header,
            imageUrl: null,
            button: linked?.button ?? null,
            template: templateOf(rule.paymentWhatsAppTemplate, {
              nome: firstName(reminder.contact_name),
              valor: value,
              vencimento: due,
              codigo: payment.pix_copy_paste ?? payment.boleto_line ?? undefined,
            }),
          },
        ]
      : message.parts;
  const queued = await enqueueMessage(tx, {
    shopId: shop.id,
    type: 'recovery',
    orderId: order.id,
    userId: 'recovery',
    channel,
    recipient: delivery.recipient!,
    contactId: reminder.contact_id,
    parts,
    contentKey: reminder.id,
    idempotencyKey: null,
    dedupeKey: `recovery:${reminder.id}`,
    ...(parts !== message.parts && linked && message.sessionLinkPart !== undefined && { sessionLinkPart: 0 }),
  });
  return queued.messageId;
}
