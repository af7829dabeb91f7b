/**
 * Deciding one due reminder, in one transaction (decision 0057): claim it (`for update skip locked`), lock the
 * contact's recovery row (the cap counted by one instance at a time) and the cart (`for update`, so a confirm
 * either lands before — the reminder is skipped — or after the message is queued, and then the second reminder is
 * skipped), decide, and write the decision; a reminder sent is queued in the outbox in the same transaction, once
 * per reminder (dedupe key `recovery:{id}`), with the button's fresh contact session minted at delivery — a
 * contact session opens the contact's own open order, so the link leads back to the same cart.
 */
import { ChannelType } from '@vitrine/contracts/enums';
import type { ReminderReason } from '@vitrine/contracts/console-recovery';
import type { Db } from '../../db/client.ts';
import { findOrderItems, lockOrder } from '../../modules/order/service.ts';
import { enqueueMessage, KIND_BY_CHANNEL } from '../../modules/outbox/service.ts';
import {
  claimDueReminder,
  decideReminder,
  delayOf,
  lockContactState,
  markSent,
  markSkipped,
  readRecoveryRule,
  recipientOf,
  reminderText,
  reschedule,
  scheduleSecond,
  sentToContactSince,
} from '../../modules/recovery/service.ts';
import { contactLinkQuery } from '../../modules/session/service.ts';
import { getShop } from '../../modules/shop/service.ts';

export type ReminderOutcome = {
  id: string;
  outcome: 'sent' | 'skipped' | 'waiting';
  reason: ReminderReason | null;
};

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
    const items = (await findOrderItems(tx, order.id)).filter((line) => !line.is_gift);
    const since = new Date(now.getTime() - rule.capDays * 86_400_000);
    const recipient = await recipientOf(tx, shopId, reminder.contact_id, order.channel_type);
    const decision = decideReminder(
      rule,
      {
        step: reminder.step,
        cartVersion: reminder.cart_version,
        order: { status: order.status, version: order.version, itemCount: items.length },
        contact,
        sentRecently: await sentToContactSince(tx, reminder.contact_id, since),
        recipient,
        whatsapp: order.channel_type === ChannelType.WhatsApp,
      },
      now,
      shop.time_zone,
    );
    if (decision.action === 'skip') {
      await markSkipped(tx, reminder.id, decision.reason, now);
      return { id: reminder.id, outcome: 'skipped', reason: decision.reason };
    }
    if (decision.action === 'wait') {
      await reschedule(tx, reminder.id, decision.until, decision.reason, order.version);
      return { id: reminder.id, outcome: 'waiting', reason: decision.reason };
    }
    const channel = KIND_BY_CHANNEL[order.channel_type as ChannelType];
    const shown = items.slice(0, ITEMS_SHOWN).map((line) => `${quantityText(line.quantity)}x ${line.name}`);
    if (items.length > ITEMS_SHOWN) shown.push(`mais ${items.length - ITEMS_SHOWN} itens`);
    const text = reminderText(rule.template, reminder.contact_name, shown);
    const link = `/order${contactLinkQuery({ shop: shop.slug, channel })}`;
    const queued = await enqueueMessage(tx, {
      shopId,
      type: 'recovery',
      orderId: order.id,
      userId: 'recovery',
      channel,
      recipient: recipient!,
      contactId: reminder.contact_id,
      parts: [{ text, imageUrl: null, button: { label: 'Ver carrinho', url: link } }],
      contentKey: reminder.id,
      idempotencyKey: null,
      dedupeKey: `recovery:${reminder.id}`,
      sessionLinkPart: 0,
    });
    await markSent(tx, reminder.id, queued.messageId, now);
    if (reminder.step === 1 && rule.secondAfterHours !== null)
      await scheduleSecond(tx, reminder, new Date(now.getTime() + delayOf(rule, 2)), order.version);
    return { id: reminder.id, outcome: 'sent', reason: null };
  });
}
