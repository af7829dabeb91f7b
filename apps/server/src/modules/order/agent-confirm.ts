/**
 * The order side of an agent's confirm and cancel (spec §7 `POST /api/order/confirm`, `GET /api/order/cancel`):
 * the order acted on, locked, and its move to Received or Canceled. The screen sends the order it shows
 * (`orderId`), so a retry that arrives after a new open order was created for the same user answers the order it
 * meant instead of confirming or cancelling the new one.
 */
import { OrderStatus } from '@vitrine/contracts/enums';
import type { Order } from '@vitrine/contracts/order';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionContext } from '../../lib/session-context.ts';
import { getShop } from '../shop/service.ts';
import type { CheckoutState } from './checkout-state.ts';
import { findOrderItems } from './line-repository.ts';
import { findLatestOrderIdWithStatus, findUserOrder, type OrderRow } from './repository.ts';
import { serializeOrder } from './serialize.ts';
import { lockedChange, setCheckout, settleInto, type OrderChange } from './change.ts';
import { assertTransition, transitionOrder } from './status.ts';

/** Either the locked open order to change, or the answer of an idempotent retry. */
export type AgentTarget = { change: OrderChange } | { done: Order };

/** The user's order `id` in its wire form, or null when the session's user has no such order. */
async function userOrder(tx: Queryable, session: SessionContext, id: string): Promise<Order | null> {
  const order = await findUserOrder(tx, session.shopId, session.userId, id);
  if (!order) return null;
  const shop = await getShop(tx, session.shopId);
  return serializeOrder({ order, shop, items: await findOrderItems(tx, id), giftRules: [] });
}

/** The user's latest order that left Creating with `status` (what a retry without `orderId` answers with). */
async function latestWithStatus(tx: Queryable, session: SessionContext, status: OrderStatus): Promise<Order> {
  const id = await findLatestOrderIdWithStatus(tx, session.shopId, session.userId, status);
  const order = id && (await userOrder(tx, session, id));
  if (!order) throw new AppError('notFound', 'orderNotFound');
  return order;
}

/**
 * Locks the user's open order for an agent action that moves it to `doneStatus` (409 when its status cannot move
 * there). Without `orderId`: the open
 * order, or when none is open the latest order already in `doneStatus`. With it: the open order only if it is
 * that one; that order already in `doneStatus` is answered as it is (a retry); another user's or unknown order
 * is 404; any other case (a new open order, or the order in another status) is 409 'orderNotCurrent'.
 */
export async function lockAgentTarget(
  tx: Queryable,
  session: SessionContext,
  doneStatus: OrderStatus,
  orderId: string | undefined,
): Promise<AgentTarget> {
  const change = await lockedChange(tx, session);
  // The same action sent twice at once (double click, two tabs): the twin committed while this one waited for
  // the row lock, which then read the order already in `doneStatus`. Answer it as a retry, with the same success.
  if (
    change &&
    change.order.status !== OrderStatus.Creating &&
    change.order.status === doneStatus &&
    (orderId === undefined || orderId === change.order.id)
  )
    return { done: serializeOrder(change) };
  if (orderId === undefined || change?.order.id === orderId) {
    if (!change) return { done: await latestWithStatus(tx, session, doneStatus) };
    assertTransition(change.order.status as OrderStatus, doneStatus);
    return { change };
  }
  const shown = await userOrder(tx, session, orderId);
  if (!shown) throw new AppError('notFound', 'orderNotFound');
  if (shown.status === doneStatus) return { done: shown };
  throw new AppError('conflict', 'orderNotCurrent');
}

/**
 * Confirms the locked order as the agent left it, in one statement (cart-repository.ts): `checkout` saved, gifts
 * and totals settled and Creating → Received through the transitions table (stamping confirmed_at); answers the
 * order row as confirmed.
 */
export function receiveAgentOrder(change: OrderChange, checkout: CheckoutState): Promise<OrderRow> {
  setCheckout(change, checkout, change.order.coupon_id);
  return settleInto(change, OrderStatus.Received);
}

/** Cancels the locked open order (Creating → Canceled); answers the order row as canceled. */
export function cancelAgentOrder(change: OrderChange): Promise<OrderRow> {
  return transitionOrder(change.tx, change.order.id, OrderStatus.Canceled, [OrderStatus.Creating]);
}
