/**
 * WhatsApp `order_status` messages (docs/decisions/0030): after an order whose payment instructions went as an
 * `order_details` message changes — its payment settles, it is cancelled, a fulfilment step happens — the change
 * is queued as an `order_status` to the same contact, with the same reference_id, in the caller's transaction,
 * once per `dedupeKey`. Orders told by text (other channels, shops without the option) get nothing here.
 */
import type { Queryable } from '../../db/client.ts';
import { enqueueMessage, findOrderDetailsTarget, type Enqueued } from '../outbox/service.ts';
import { orderStatusPart, type OrderStatusChange } from './compose-order.ts';

export type StatusOrder = { id: string; shop_id: string; user_id: string };

/** Queues the order_status of `change`; null when the order had no order_details message. */
export async function enqueueOrderStatus(
  tx: Queryable,
  order: StatusOrder,
  change: OrderStatusChange,
  options: { type: string; dedupeKey: string },
): Promise<Enqueued | null> {
  const target = await findOrderDetailsTarget(tx, order.shop_id, order.id);
  if (!target) return null;
  const parts = [orderStatusPart(target.referenceId, change)];
  return enqueueMessage(tx, {
    shopId: order.shop_id,
    type: options.type,
    orderId: order.id,
    userId: order.user_id,
    channel: target.channel,
    recipient: target.recipient,
    contactId: target.contactId,
    parts,
    contentKey: change,
    idempotencyKey: null,
    dedupeKey: options.dedupeKey,
  });
}

/** The status the contact sees when the order's payment settles. */
export const PAID_STATUS: OrderStatusChange = {
  status: 'processing',
  description: 'Pagamento recebido! Seu pedido está sendo preparado.',
};

/** The status the contact sees when the order is cancelled. */
export const CANCELED_STATUS: OrderStatusChange = {
  status: 'canceled',
  description: 'Seu pedido foi cancelado.',
};
