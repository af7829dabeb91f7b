/**
 * A due reminder decided and, when nothing stands in the way, queued — one reminder per transaction (decision
 * 0057): the claim skips rows another instance holds, the contact's row is locked before the cap is counted, the
 * order is locked before its state is read, so a confirm (or a payment) lands either before (the reminder is
 * skipped) or after the message is queued. A cart's reminder goes out here; a payment reminder's kinds ('pix',
 * 'boleto', 'new_code') in send-payment-reminder.ts. The outbox dedupes on `recovery:{reminderId}`.
 */
import { ChannelType } from '@vitrine/contracts/enums';
import type { Db } from '../../db/client.ts';
import { findOrderItems, lockOrder } from '../../modules/order/service.ts';
import { enqueueMessage, KIND_BY_CHANNEL } from '../../modules/outbox/service.ts';
import {
  claimDueReminder,
  decideReminder,
  delayOf,
  firstName,
  lockContactState,
  markSent,
  readRecoveryRule,
  recipientOf,
  reminderText,
  scheduleSecond,
  sentToContactSince,
  type Delivery,
} from '../../modules/recovery/service.ts';
import { contactLinkQuery } from '../../modules/session/service.ts';
import { getShop } from '../../modules/shop/service.ts';
import {
  deliveryOf,
  queueReminderEvent,
  templateFor,
  recordUnsent,
  type Claimed,
  type ReminderOutcome,
} from './claimed.ts';
import { reminderCoupon, type ReminderCoupon } from './reminder-coupon.ts';
import { templateOf } from './reminder-template.ts';
import { remindPayment } from './send-payment-reminder.ts';

export type { ReminderOutcome } from './claimed.ts';

const ITEMS_SHOWN = 5;
const quantityText = (q: number) => String(q).replace('.', ',');

/** Decides the earliest due reminder at `now`; null when none is due (or every due one is held elsewhere). */
export async function sendDueReminder(db: Db, now: Date): Promise<ReminderOutcome | null> {
  return db.transaction(async (tx) => {
    const reminder = await claimDueReminder(tx, now);
    if (!reminder) return null;
    const shopId = reminder.shop_id;
    const rule = await readRecoveryRule(tx, shopId);
    const shop = await getShop(tx, shopId);
    const contact = await lockContactState(tx, shopId, reminder.contact_id);
    const order = await lockOrder(tx, shopId, reminder.order_id);
    if (!order) throw new Error(`reminder ${reminder.id} names no order`);
    const since = new Date(now.getTime() - rule.capDays * 86_400_000);
    const delivery: Delivery = {
      contact,
      sentRecently: await sentToContactSince(tx, reminder.contact_id, since),
      recipient: await recipientOf(tx, shopId, reminder.contact_id, order.channel_type),
      // WhatsApp's window binds our messages; a chatbot speaking itself knows its own templates.
      whatsapp: order.channel_type === ChannelType.WhatsApp && deliveryOf(rule, reminder) !== 'event',
      template: templateFor(rule, reminder) !== null,
    };
    const claimed: Claimed = { tx, reminder, rule, shop, order, delivery, now };
    return reminder.kind === 'cart' ? remindCart(claimed) : remindPayment(claimed);
  });
}

async function remindCart(claimed: Claimed): Promise<ReminderOutcome> {
  const { tx, reminder, rule, shop, order, delivery, now } = claimed;
  const items = (await findOrderItems(tx, order.id)).filter((line) => !line.is_gift);
  const decision = decideReminder(
    rule,
    {
      ...delivery,
      step: reminder.step,
      cartVersion: reminder.cart_version,
      order: { status: order.status, version: order.version, itemCount: items.length },
    },
    now,
    shop.time_zone,
  );
  const unsent = await recordUnsent(claimed, decision, order.version);
  if (unsent) return unsent;
  const viaTemplate = decision.action === 'send' && decision.viaTemplate === true;
  const how = deliveryOf(rule, reminder);
  const coupon = await reminderCoupon(claimed);
  const event =
    how === 'message'
      ? null
      : await queueReminderEvent(claimed, 'cart.abandoned', {
          step: reminder.step,
          items: items.map((line) => ({ name: line.name, quantity: line.quantity })),
          ...(coupon && { coupon: { code: coupon.code, validUntil: coupon.validUntil.toISOString() } }),
        });
  const messageId = how === 'event' ? null : await queueCartMessage(claimed, items, coupon, viaTemplate);
  await markSent(tx, reminder.id, (messageId ?? event)!, now);
  if (reminder.step === 1 && rule.secondAfterHours !== null)
    await scheduleSecond(tx, reminder, new Date(now.getTime() + delayOf(rule, 2)), order.version);
  return { id: reminder.id, outcome: 'sent', reason: null };
}

/** The cart reminder's chat message: the template and a button back to the same cart; answers the outbox id. */
async function queueCartMessage(
  { tx, reminder, rule, shop, order, delivery }: Claimed,
  items: { name: string; quantity: number }[],
  coupon: ReminderCoupon | null,
  viaTemplate: boolean,
): Promise<string> {
  const channel = KIND_BY_CHANNEL[order.channel_type as ChannelType];
  const shown = items.slice(0, ITEMS_SHOWN).map((line) => `${quantityText(line.quantity)}x ${line.name}`);
  if (items.length > ITEMS_SHOWN) shown.push(`mais ${items.length - ITEMS_SHOWN} itens`);
  const list = shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} e ${shown.at(-1)}`;
  const template =
    viaTemplate && rule.cartWhatsAppTemplate
      ? templateOf(rule.cartWhatsAppTemplate, {
          nome: firstName(reminder.contact_name),
          itens: list,
          cupom: coupon?.code,
        })
      : null;
  const base = reminderText(rule.template, reminder.contact_name, shown);
  const text = coupon ? `${base}\n\n${coupon.line}` : base;
  const link = `/order${contactLinkQuery({ shop: shop.slug, channel })}`;
  const queued = await enqueueMessage(tx, {
    shopId: shop.id,
    type: 'recovery',
    orderId: order.id,
    userId: 'recovery',
    channel,
    recipient: delivery.recipient!,
    contactId: reminder.contact_id,
    parts: [
      { text, imageUrl: null, button: { label: 'Ver carrinho', url: link }, ...(template && { template }) },
    ],
    contentKey: reminder.id,
    idempotencyKey: null,
    dedupeKey: `recovery:${reminder.id}`,
    sessionLinkPart: 0,
  });
  return queued.messageId;
}
