/**
 * The shopper's confirm of the current order (spec §4 `POST /api/order/confirm` from the storefront), exactly
 * once, and the state of a confirmed order; the agent's confirm is agent-confirm.ts.
 */
import { OrderStatus } from '@vitrine/contracts/enums';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionContext } from '../../lib/session-context.ts';
import { getShop } from '../shop/service.ts';
import { lockedChange, settle, type OrderChange } from './change.ts';
import { findOrderItems } from './line-repository.ts';
import { blockingIssues } from './pricing.ts';
import { findLatestConfirmedOrder, type OrderRow } from './repository.ts';
import { orderLimits, type OrderState } from './serialize.ts';
import { assertTransition, transitionOrder } from './status.ts';

/** The confirmation a retried confirm answers with: the user's latest confirmed order, untouched. */
async function replayConfirmation(tx: Queryable, session: SessionContext): Promise<OrderState> {
  const latest = await findLatestConfirmedOrder(tx, session.shopId, session.userId);
  if (!latest) throw new AppError('unprocessable', 'orderEmpty');
  return { ...latest, items: await findOrderItems(tx, latest.order.id), giftRules: [] };
}

/**
 * Customer confirm (spec §4): with the current order row locked, settles gifts and totals, refuses an empty
 * order (422 'Adicione itens ao pedido.') or one with a §5 blocking message (422 with that message), then moves
 * Creating → Received through the transitions table and stamps confirmed_at. Exactly once: a confirm that waited
 * for the lock, or a retry after the order was confirmed, returns the confirmed order without a second transition.
 */
export async function confirmCurrentOrder(
  db: Db,
  session: SessionContext,
  /** Runs in the confirming transaction, once, right after the transition (e.g. to queue the chatbot event). */
  onConfirmed: (tx: Queryable, order: OrderRow) => Promise<unknown> = async () => undefined,
): Promise<OrderState> {
  return db.transaction(async (tx) => {
    const change = await lockedChange(tx, session);
    if (!change) return replayConfirmation(tx, session);
    if (change.order.confirmed_at !== null) return change;
    const received = await placeLockedOrder(change);
    await onConfirmed(tx, received);
    return { ...change, order: received };
  });
}

/**
 * Places the locked open order (the customer's confirm, and an order sent from WhatsApp's catalogue): settles gifts
 * and totals, refuses an empty order (422 'Adicione itens ao pedido.') or one with a §5 blocking message (422 with
 * that message), then moves Creating → Received through the transitions table (409 unless still Creating), which
 * stamps confirmed_at and holds the stock (decision 0044).
 */
export async function placeLockedOrder(change: OrderChange): Promise<OrderRow> {
  assertTransition(change.order.status as OrderStatus, OrderStatus.Received);
  await settle(change);
  if (!change.items.some((item) => !item.is_gift)) throw new AppError('unprocessable', 'orderEmpty');
  const [issue] = blockingIssues(
    orderLimits(change.shop, change.order.checkout),
    change.items,
    change.order.items_amount_cents,
  );
  if (issue) throw new AppError('unprocessable', issue.code, issue.params);
  return transitionOrder(change.tx, change.order.id, OrderStatus.Received);
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
