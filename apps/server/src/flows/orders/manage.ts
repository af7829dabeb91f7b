/**
 * What the shop's staff do to a placed order from the orders board (docs/decisions/0022): finalize, cancel (with
 * the reason; a paid order needs a refund decision, recorded) and the fulfilment steps. Each runs in one
 * transaction under the order row lock, through the order module's transition tables, with its audit entry, and
 * a fulfilment step queues its message to the customer on their channel through the outbox (WhatsApp's
 * order_status, as a cancel does, where the order went as an order_details message). The change raises
 * the shop's live event by trigger (migration 0022).
 */
import { type CancelOrderBody, type FulfilmentStep } from '@vitrine/contracts/console-orders';
import type { ChannelType } from '@vitrine/contracts/enums';
import type { Db, Queryable } from '../../db/client.ts';
import { TEXT_LIMITS } from '../../adapters/channels/channel-adapter.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type Actor } from '../../modules/audit/service.ts';
import {
  lockOrder,
  cancelByStaff,
  finalizeByStaff,
  moveFulfilment,
  type StaffOrderRow,
} from '../../modules/order/service.ts';
import {
  CANCELED_STATUS,
  enqueueOrderStatus,
  type OrderStatusChange,
} from '../../modules/messaging/service.ts';
import { enqueueMessage, KIND_BY_CHANNEL } from '../../modules/outbox/service.ts';
import { orderIsPaid } from '../../modules/payment/service.ts';
import { findLatestChannelId } from '../../modules/session/service.ts';
import { getShop } from '../../modules/shop/service.ts';

export type StaffActor = Actor & { shopId: string };

const STEP_TEXT: Record<FulfilmentStep, string> = {
  separating: 'está sendo separado',
  out_for_delivery: 'saiu para entrega',
  ready_for_pickup: 'está pronto para retirada',
  delivered: 'foi entregue. Obrigado pela compra',
};

/** WhatsApp's order status of each step, for orders that went as an order_details message. */
const STEP_STATUS: Record<FulfilmentStep, OrderStatusChange['status']> = {
  separating: 'processing',
  out_for_delivery: 'shipped',
  ready_for_pickup: 'processing',
  delivered: 'completed',
};

/** The message a fulfilment step sends the customer. */
export const fulfilmentMessage = (shopName: string, number: number, step: FulfilmentStep) =>
  `Seu pedido nº ${number} da ${shopName} ${STEP_TEXT[step]}!`;

async function withPlacedOrder<T>(
  db: Db,
  actor: StaffActor,
  orderId: string,
  fn: (tx: Queryable, order: StaffOrderRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const order = (await lockOrder(tx, actor.shopId, orderId)) as StaffOrderRow | null;
    if (!order || !order.confirmed_at) throw new AppError('notFound', 'boardOrderNotFound');
    return fn(tx, order);
  });
}

/** Received → Finalized, audit-logged. */
export function finalizeOrder(db: Db, actor: StaffActor, orderId: string): Promise<void> {
  return withPlacedOrder(db, actor, orderId, async (tx, order) => {
    await finalizeByStaff(tx, order);
    await recordAudit(tx, actor.shopId, actor, 'order.finalized', order.id);
  });
}

/**
 * → Canceled with its reason. A paid order needs `refund` (422 without it) and the decision is recorded; an unpaid
 * one refuses a refund decision (422). Audit-logged.
 */
export function cancelOrder(
  db: Db,
  actor: StaffActor,
  orderId: string,
  body: CancelOrderBody,
): Promise<void> {
  return withPlacedOrder(db, actor, orderId, async (tx, order) => {
    const paid = await orderIsPaid(tx, order.id);
    if (paid && !body.refund) throw new AppError('unprocessable', 'refundDecisionRequired');
    if (!paid && body.refund) throw new AppError('unprocessable', 'refundDecisionNotPaid');
    await cancelByStaff(tx, order, body.reason, body.refund ?? null);
    await enqueueOrderStatus(tx, order, CANCELED_STATUS, {
      type: 'order-status',
      dedupeKey: `order-status:canceled:${order.id}`,
    });
    await recordAudit(tx, actor.shopId, actor, 'order.canceled', order.id, {
      reason: body.reason,
      refund: body.refund ?? null,
    });
  });
}

/** Moves the order to a fulfilment step and queues its message to the customer (once per step). */
export function advanceFulfilment(db: Db, actor: StaffActor, orderId: string, step: FulfilmentStep) {
  return withPlacedOrder(db, actor, orderId, async (tx, order) => {
    const moved = await moveFulfilment(tx, order, step);
    await recordAudit(tx, actor.shopId, actor, 'order.fulfilment', order.id, { step });
    const recipient = await findLatestChannelId(tx, actor.shopId, order.user_id);
    if (!recipient) return { messageQueued: false };
    const shop = await getShop(tx, actor.shopId);
    const channel = KIND_BY_CHANNEL[order.channel_type as ChannelType];
    const text = fulfilmentMessage(shop.name, moved.number, step).slice(0, TEXT_LIMITS[channel]);
    const dedupeKey = `fulfilment:${order.id}:${step}`;
    const change = { status: STEP_STATUS[step], description: text };
    if (await enqueueOrderStatus(tx, order, change, { type: 'fulfilment', dedupeKey }))
      return { messageQueued: true };
    await enqueueMessage(tx, {
      shopId: actor.shopId,
      type: 'fulfilment',
      orderId: order.id,
      userId: order.user_id,
      channel,
      recipient,
      contactId: order.contact_id,
      parts: [{ text }],
      contentKey: step,
      idempotencyKey: null,
      dedupeKey,
    });
    return { messageQueued: true };
  });
}
