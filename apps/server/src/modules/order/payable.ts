/**
 * The order side of payments (docs/decisions/0010-payments.md): which order a shopper pays, its lock, the move
 * Received → Finalized when paid (through the transitions table) and the payment-method reset.
 */
import { OrderStatus } from '@vitrine/contracts/enums';
import type { Queryable } from '../../db/client.ts';
import { getShop } from '../shop/service.ts';
import { findOrderItems } from './line-repository.ts';
import type { OrderRow } from './repository.ts';
import type { OrderState } from './serialize.ts';
import { canTransition } from './status.ts';

/** The user's most recently confirmed order still in Received (the one awaiting payment), if any. */
export async function findOrderAwaitingPayment(
  db: Queryable,
  shopId: string,
  userId: string,
): Promise<OrderRow | null> {
  const [row] = await db.query<OrderRow>(
    `select * from orders where shop_id = $1 and user_id = $2 and status = $3
      order by confirmed_at desc nulls last, id desc limit 1`,
    [shopId, userId, OrderStatus.Received],
  );
  return row ?? null;
}

/** The order row locked for update, when it belongs to the shop. */
export async function lockOrder(tx: Queryable, shopId: string, orderId: string): Promise<OrderRow | null> {
  const [row] = await tx.query<OrderRow>('select * from orders where id = $1 and shop_id = $2 for update', [
    orderId,
    shopId,
  ]);
  return row ?? null;
}

export async function findShopOrder(
  db: Queryable,
  shopId: string,
  orderId: string,
): Promise<OrderRow | null> {
  const [row] = await db.query<OrderRow>('select * from orders where id = $1 and shop_id = $2', [
    orderId,
    shopId,
  ]);
  return row ?? null;
}

/** Received → Finalized once (the order was paid); null when the order is not Received (already moved). */
export async function markFinalized(tx: Queryable, orderId: string): Promise<OrderRow | null> {
  if (!canTransition(OrderStatus.Received, OrderStatus.Finalized)) return null;
  const [row] = await tx.query<OrderRow>(
    `update orders set status = $2, version = version + 1, updated_at = now() where id = $1 and status = $3
     returning *`,
    [orderId, OrderStatus.Finalized, OrderStatus.Received],
  );
  return row ?? null;
}

/** Clears the order's payment method (the shopper asked to change it); returns the updated row. */
export async function clearPaymentMethod(tx: Queryable, orderId: string): Promise<OrderRow> {
  const [row] = await tx.query<OrderRow>(
    `update orders set checkout = checkout || '{"paymentMethod": null}'::jsonb, version = version + 1,
       updated_at = now() where id = $1 returning *`,
    [orderId],
  );
  return row!;
}

/** Everything serializeOrder needs for a confirmed order (no gift rules: gifts are offered only while open). */
export async function confirmedOrderState(db: Queryable, order: OrderRow): Promise<OrderState> {
  return {
    order,
    shop: await getShop(db, order.shop_id),
    items: await findOrderItems(db, order.id),
    giftRules: [],
  };
}
