/**
 * A payment's status change and its effect on the order, in one transaction: the payment moves once (modules/
 * payment/repository.ts), and when it became Paid the order goes Received → Finalized once with the chatbot
 * event 'order.paid' queued (and WhatsApp's order_status, where the order went as an order_details message). Also the expiry of overdue Waiting charges (on read and by a periodic sweep).
 */
import { OrderStatus, PaymentStatus, SessionType } from '@vitrine/contracts/enums';
import type { Db, Queryable } from '../../db/client.ts';
import { enqueueOrderEvent, enqueueOrderStatus, PAID_STATUS } from '../messaging/service.ts';
import { lockOrder, tryTransitionOrder, type OrderRow } from '../order/service.ts';
import {
  applyPaymentUpdate,
  findOverdue,
  findPayment,
  type Applied,
  type PaymentUpdate,
} from './repository.ts';
import { findLatestChannelId, type SessionContext } from '../session/service.ts';

/** A session-like context of the order's contact on conversation `channelId` (work done without a request). */
export function conversationOf(order: OrderRow, channelId: string): SessionContext {
  return {
    id: '',
    shopId: order.shop_id,
    sessionType: SessionType.Contact,
    channelType: order.channel_type as SessionContext['channelType'],
    channelId,
    userId: order.user_id,
    contactId: order.contact_id,
    agentId: null,
    expiresAt: new Date(0),
  };
}

/** The conversation of an order when no session is at hand (webhooks, sweeps): its user's latest session. */
async function orderConversation(tx: Queryable, order: OrderRow): Promise<SessionContext> {
  return conversationOf(order, (await findLatestChannelId(tx, order.shop_id, order.user_id)) ?? '');
}

/**
 * Locks the payment's order row. Lock order everywhere: the order row first, then payment rows (opening a
 * payment does the same), so concurrent attempts, webhooks and sweeps never deadlock. Call it before any write
 * to the payment in a transaction.
 */
export async function lockPaymentOrder(tx: Queryable, paymentId: string): Promise<void> {
  const payment = await findPayment(tx, paymentId);
  if (payment) await lockOrder(tx, payment.shop_id, payment.order_id);
}

/**
 * Applies `update` inside `tx` under the order's and then the payment's row lock; a new Paid finalizes the order
 * and queues 'order.paid' (once per order).
 */
export async function settlePayment(
  tx: Queryable,
  paymentId: string,
  update: PaymentUpdate,
  session: SessionContext | null,
): Promise<Applied> {
  await lockPaymentOrder(tx, paymentId);
  const applied = await applyPaymentUpdate(tx, paymentId, update);
  if (applied.moved && applied.payment.status === PaymentStatus.Paid) {
    const finalized = await tryTransitionOrder(tx, applied.payment.order_id, OrderStatus.Finalized);
    if (finalized) {
      await enqueueOrderEvent(
        tx,
        'order.paid',
        finalized,
        session ?? (await orderConversation(tx, finalized)),
        {
          extra: {
            payment: {
              id: applied.payment.id,
              method: applied.payment.method,
              installments: applied.payment.installments,
            },
          },
        },
      );
      await enqueueOrderStatus(tx, finalized, PAID_STATUS, {
        type: 'order-status',
        dedupeKey: `order-status:paid:${finalized.id}`,
      });
    }
  }
  return applied;
}

/** Marks Waiting charges past their expiry Expired (of one order, or a batch of all); returns how many. */
export async function expireOverdue(db: Db, orderId: string | null = null): Promise<number> {
  let expired = 0;
  for (const id of await findOverdue(db, orderId)) {
    const applied = await db.transaction((tx) =>
      settlePayment(tx, id, { status: 'expired', source: 'sweep' }, null),
    );
    if (applied.moved) expired += 1;
  }
  return expired;
}
