/**
 * After an edit changed what an order costs (issue 34, decision 0053 addendum "The difference by the order's
 * method"): what is left to pay goes to the contact by the order's own method, in the edit's transaction (the order
 * row locked by the caller). A Waiting charge of another amount is cancelled first (at the provider by the cancel
 * job, cancel.ts); boleto and gateway or bank Pix get the charge job for a new charge of what is due (made after
 * commit and sent when made, charge-job.ts); every other method gets the payment message for it — a Pix BR Code of
 * the difference, the card page (which charges what is due, payment-page.ts), the shop's link or instructions, or
 * what to pay on delivery. Nothing when nothing is due or the order has no conversation with its contact.
 */
import type { OrderEditDue } from '@vitrine/contracts/order-edits';
import type { Queryable } from '../../db/client.ts';
import type { OrderRow } from '../order/service.ts';
import { enqueueJob } from '../outbox/service.ts';
import { findLatestChannelId } from '../session/service.ts';
import { getShop, settingsOf } from '../shop/service.ts';
import { cancelWaitingCharge } from './cancel.ts';
import { orderDueCents } from './ledger.ts';
import { conversationOf } from './money-in.ts';
import {
  CHARGE_JOB,
  enqueuePaymentMessage,
  instructionsFor,
  needsGatewayCharge,
  type ChargeJob,
} from './payment-message.ts';
import { qrDataUrl } from './pix.ts';
import { deleteCardPlan } from './plan-repository.ts';
import { findWaitingPayment } from './repository.ts';

/** What the contact was asked to pay after the edit `key` names: 'charge' (sent once made), 'message', or none. */
export type DuePayment = { dueCents: number; sent: 'charge' | 'message' | null };

export async function queueDuePayment(tx: Queryable, order: OrderRow, key: string): Promise<DuePayment> {
  const dueCents = await orderDueCents(tx, order);
  const channelId = await findLatestChannelId(tx, order.shop_id, order.user_id);
  if (dueCents <= 0 || !order.contact_id || !channelId) return { dueCents, sent: null };
  const conversation = conversationOf(order, channelId);
  await deleteCardPlan(tx, order.id); // a plan chosen for the old amount no longer applies
  const waiting = await findWaitingPayment(tx, order.id);
  if (waiting && waiting.amount_cents !== dueCents) await cancelWaitingCharge(tx, order.id, conversation);
  const shop = await getShop(tx, order.shop_id);
  if (await needsGatewayCharge(tx, order, settingsOf(shop))) {
    const job: ChargeJob = { shopId: order.shop_id, orderId: order.id, channelId };
    await enqueueJob(tx, order.shop_id, CHARGE_JOB, job, `${CHARGE_JOB}:${order.id}:${key}`, order.id);
    return { dueCents, sent: 'charge' };
  }
  const queued = await enqueuePaymentMessage(
    tx,
    order,
    conversation,
    undefined,
    `payment:${order.id}:${key}`,
  );
  return { dueCents, sent: queued ? 'message' : null };
}

/** What the contact's page shows of what is left to pay and how (null when nothing is). */
export async function duePaymentView(db: Queryable, order: OrderRow): Promise<OrderEditDue | null> {
  const cents = await orderDueCents(db, order);
  if (cents <= 0) return null;
  const view = { cents, pixCode: null, pixQrImage: null, url: null };
  const shop = await getShop(db, order.shop_id);
  if (await needsGatewayCharge(db, order, settingsOf(shop))) return { ...view, kind: 'chat' };
  const how = await instructionsFor(db, shop, order, undefined);
  switch (how?.kind) {
    case 'pix':
      return { ...view, kind: 'pix', pixCode: how.code, pixQrImage: await qrDataUrl(how.code) };
    case 'card':
      return { ...view, kind: 'card', url: how.path };
    case 'link':
      return { ...view, kind: 'link', url: how.url };
    case 'onDelivery':
      return { ...view, kind: 'onDelivery' };
    default:
      return { ...view, kind: 'manual' };
  }
}
