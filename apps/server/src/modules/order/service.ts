import { OrderStatus, SessionType } from '@vitrine/contracts/enums';
import type { Order } from '@vitrine/contracts/order';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionContext } from '../session/service.ts';
import { getShop } from '../shop/service.ts';
import { staleGiftLines } from './gift-rules.ts';
import { cachedOpenOrder, cachedOrderLines, rememberOpenOrder, type OrderLines } from './caches.ts';
import type { Sql } from '../../lib/sql.ts';
import { deleteLines, saveCartChange, type OrderWrite } from './cart-repository.ts';
import { findOrderItems } from './line-repository.ts';
import { blockingIssues, itemsAmountCents, MAX_AMOUNT_CENTS, orderAmounts } from './pricing.ts';
import {
  findCurrentOrder,
  findItemsAndGiftRules,
  findLatestConfirmedOrder,
  insertCurrentOrder,
  lockCurrentOrder,
  saveAssistantSuggestions,
  type OrderActor,
  type OrderRow,
} from './repository.ts';
import type { CheckoutState } from './checkout-state.ts';
import { orderLimits, serializeOrder, type OrderState } from './serialize.ts';
import { assertTransition, transitionOrder } from './status.ts';

/**
 * A change to the locked current order: its state, changed in memory, and the writes that make the same change
 * in the database; settle() runs them together with the new totals, in one statement.
 */
export type OrderChange = OrderState & {
  tx: Queryable;
  session: SessionContext;
  writes: Sql[];
  /** setCheckout changed the checkout: settle() writes it. */
  checkoutChanged?: boolean;
};

/** Who a session's changes are made by, in the order's live events: the agent or the shopper. */
export function actorOf(session: SessionContext): OrderActor {
  return session.sessionType === SessionType.PlatformUser ? 'agent' : 'shopper';
}

/** The session user's open order, created on first use; one per user and shop, even under concurrent calls. */
export async function getOrCreateCurrentOrderRow(db: Queryable, session: SessionContext): Promise<OrderRow> {
  const existing = await findCurrentOrder(db, session.shopId, session.userId);
  if (existing) return existing;
  await insertCurrentOrder(db, {
    id: newId('ord'),
    shopId: session.shopId,
    userId: session.userId,
    contactId: session.contactId,
    channelType: session.channelType,
  });
  const created = await findCurrentOrder(db, session.shopId, session.userId);
  if (!created) throw new Error('current order vanished after insert');
  return created;
}

/** What the assistant asked for in the session's current order (created on first use): products and searches. */
export async function assistantRequests(db: Queryable, session: SessionContext) {
  const order = await getOrCreateCurrentOrderRow(db, session);
  return { productIds: order.assistant_product_ids, searchTerms: order.assistant_search_terms };
}

/**
 * Replaces the assistant's suggestions on the session user's open order (created when there is none; a confirm
 * between the two statements moves them to the next open order). The next order starts without any.
 */
export async function setAssistantSuggestions(
  db: Queryable,
  session: SessionContext,
  suggestions: { productIds: string[]; searchTerms: string[] },
): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await getOrCreateCurrentOrderRow(db, session);
    if (await saveAssistantSuggestions(db, session.shopId, session.userId, suggestions)) return;
  }
  throw new AppError('conflict', 'orderNotCurrent');
}

/** The session user's current order in its wire form (created empty on first use). */
export async function getCurrentOrder(db: Queryable, session: SessionContext): Promise<Order> {
  const order = await getOrCreateCurrentOrderRow(db, session);
  const [{ items, giftRules }, shop] = await Promise.all([linesOf(db, order), getShop(db, session.shopId)]);
  return serializeOrder({ order, shop, items, giftRules });
}

/** The order's lines and its shop's gift rules: from caches.ts for this version, else read. */
async function linesOf(db: Queryable, order: OrderRow): Promise<OrderLines> {
  return (
    cachedOrderLines(order.shop_id, order.user_id, order.id, order.version) ??
    (await findItemsAndGiftRules(db, order.id, order.shop_id))
  );
}

/**
 * Settles a changed order: drops gift lines whose rule the items amount no longer reaches, recomputes every
 * amount (orderAmounts: discounts follow the lines) and writes them, the line-index counter (version + 1), the
 * checkout when setCheckout changed it and the queued line writes in one statement (cart-repository.ts). 422 when
 * the amount overflows what can be stored. With `expectedVersion` (an optimistic change, not locked) the
 * statement applies only while the order is still open at that version, and fails otherwise.
 */
export async function settle(change: OrderChange, expectedVersion?: number): Promise<void> {
  const write = settledWrite(change);
  await saveCartChange(change.tx, write, expectedVersion);
  settled(change, write);
}

/**
 * settle(), moving the order to `to` in the same statement through the transitions table (status.ts
 * transitionOrder: 409 when its status cannot move there); answers the moved row.
 */
export async function settleInto(change: OrderChange, to: OrderStatus): Promise<OrderRow> {
  const write = settledWrite(change);
  const moved = await transitionOrder(change.tx, change.order.id, to, undefined, write);
  settled(change, write);
  change.order = moved;
  return moved;
}

/** Sets the checkout choices (and coupon) of the change; settle() writes them with the totals. */
export function setCheckout(change: OrderChange, checkout: CheckoutState, couponId: string | null): void {
  change.order = { ...change.order, checkout, coupon_id: couponId };
  change.checkoutChanged = true;
}

/** The one write of settle(): stale gift lines dropped from the change, amounts recomputed. */
function settledWrite(change: OrderChange): OrderWrite {
  const { order } = change;
  const stale = staleGiftLines(change.giftRules, change.items, itemsAmountCents(change.items));
  if (stale.length) {
    change.writes.push(
      deleteLines(
        order.id,
        stale.map((line) => line.id),
      ),
    );
    change.items = change.items.filter((line) => !stale.includes(line));
  }
  const totals = orderAmounts(order.checkout, itemsAmountCents(change.items));
  if (totals.itemsCents > MAX_AMOUNT_CENTS) throw new AppError('unprocessable', 'orderAmountLimit');
  const actor = actorOf(change.session);
  return { order, totals, actor, lines: change.writes, checkout: change.checkoutChanged ?? false };
}

/** The change as written: its queue emptied, the order with its new amounts and version. */
function settled(change: OrderChange, { order, totals }: OrderWrite): void {
  change.writes = [];
  change.checkoutChanged = false;
  change.order = {
    ...order,
    items_amount_cents: totals.itemsCents,
    discount_cents: totals.discountCents,
    total_cents: totals.totalCents,
    version: order.version + 1,
  };
}

/**
 * Opens the transaction of a change: the current order row locked, its lines and the shop's gift rules read
 * (with `cachedLines`, taken from caches.ts when it holds this version: cart changes; confirm reads them).
 */
export async function lockedChange(
  tx: Queryable,
  session: SessionContext,
  { cachedLines = false }: { cachedLines?: boolean } = {},
): Promise<OrderChange | null> {
  const locked = await lockCurrentOrder(tx, session.shopId, session.userId, actorOf(session));
  if (!locked) return null;
  const { order } = locked;
  const lines = cachedLines
    ? await linesOf(tx, order)
    : await findItemsAndGiftRules(tx, order.id, order.shop_id);
  return { ...locked, ...lines, tx, session, writes: [] };
}

/**
 * Applies `apply` to the session's current order in one transaction with the order row locked (`for update`),
 * then settles gifts and totals; concurrent changes to one order run one after another, none is lost.
 * 409 'Este pedido não pode mais ser alterado.' when the order left Creating meanwhile.
 *
 * `optimistic` is for changes whose every write is queued in `change.writes` (apply only reads through
 * `change.tx`): the change is first computed from this process's cached copy of the order and written in one
 * statement without a transaction, applied only if the order is still at the cached version; when there is no
 * copy, or the order changed, or anything fails, it runs again the locked way, so the answer is the same.
 */
export async function changeCurrentOrder(
  db: Db,
  session: SessionContext,
  apply: (change: OrderChange) => Promise<void> | void,
  { optimistic = false }: { optimistic?: boolean } = {},
): Promise<Order> {
  const fast = optimistic ? await changeCachedOrder(db, session, apply) : null;
  if (fast) return fast;
  for (let attempt = 0; attempt < 3; attempt++) {
    const settled = await db.transaction(async (tx) => {
      const change = await lockedChange(tx, session, { cachedLines: true });
      if (!change) return null;
      if (change.order.status !== OrderStatus.Creating) throw new AppError('conflict', 'orderNotEditable');
      await apply(change);
      await settle(change);
      return change;
    });
    if (settled) {
      rememberOpenOrder(settled);
      return serializeOrder(settled);
    }
    await getOrCreateCurrentOrderRow(db, session);
  }
  throw new Error('current order could not be opened');
}

/** changeCurrentOrder's optimistic attempt: null when it did not apply (no cached copy, order changed, error). */
async function changeCachedOrder(
  db: Db,
  session: SessionContext,
  apply: (change: OrderChange) => Promise<void> | void,
): Promise<Order | null> {
  const cached = cachedOpenOrder(session.shopId, session.userId);
  if (!cached || cached.order.status !== OrderStatus.Creating) return null;
  const change: OrderChange = { ...cached, tx: db, session, writes: [] };
  try {
    await apply(change);
    await settle(change, cached.order.version);
  } catch {
    return null; // computed from a copy that may be stale: the locked attempt gives the real answer
  }
  rememberOpenOrder(change);
  return serializeOrder(change);
}

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
    const { order } = change;
    if (order.confirmed_at !== null) return change;
    assertTransition(order.status as OrderStatus, OrderStatus.Received); // 409 unless still Creating

    await settle(change);
    if (!change.items.some((item) => !item.is_gift)) throw new AppError('unprocessable', 'orderEmpty');
    const [issue] = blockingIssues(
      orderLimits(change.shop, change.order.checkout),
      change.items,
      change.order.items_amount_cents,
    );
    if (issue) throw new AppError('unprocessable', issue.code, issue.params);

    const received = await transitionOrder(tx, order.id, OrderStatus.Received);
    await onConfirmed(tx, received);
    return { ...change, order: received };
  });
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

// Offered to other modules (a module imports another only through its service.ts: docs/architecture.md).
export { cancelAgentOrder, lockAgentTarget, receiveAgentOrder, type AgentTarget } from './agent-confirm.ts';
export type { CheckoutState, ChosenLogistic } from './checkout-state.ts';
export { forgetShopProducts } from './caches.ts';
export { repriceLines } from './price-table.ts';
export { itemsAmountCents, lineTotalCents, orderAmounts } from './pricing.ts';
export {
  findOpenOrderSeller,
  findOrderAwaitingPayment,
  findShopOrder,
  findUserOrder,
  lockOrder,
  type OrderRow,
} from './repository.ts';
export { findOrderItems } from './line-repository.ts';
export { serializeOrder } from './serialize.ts';
export { tryTransitionOrder } from './status.ts';
