/**
 * The order module's unit of work (docs/architecture.md "Add to cart", "Agent confirms with Pix"): a change to the
 * session's current order is opened with the order row locked (lockedChange) or from this process's cached copy
 * (changeCurrentOrder's optimistic attempt), changed in memory with its line writes queued, then settled: gift
 * lines and totals recomputed and everything written in one statement (cart-repository.ts), or with a status move
 * through the transitions table (settleInto → status.ts transitionOrder). The module's face is service.ts.
 */
import { OrderStatus, SessionType } from '@vitrine/contracts/enums';
import type { Order } from '@vitrine/contracts/order';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionContext } from '../../lib/session-context.ts';
import type { Sql } from '../../lib/sql.ts';
import { cachedOpenOrder, cachedOrderLines, rememberOpenOrder, type OrderLines } from './caches.ts';
import { deleteLines, saveCartChange, type OrderWrite } from './cart-repository.ts';
import type { CheckoutState } from './checkout-state.ts';
import { staleGiftLines } from './gift-rules.ts';
import { itemsAmountCents, MAX_AMOUNT_CENTS, orderAmounts } from './pricing.ts';
import {
  findCurrentOrder,
  findItemsAndGiftRules,
  insertCurrentOrder,
  lockCurrentOrder,
  type OrderActor,
  type OrderRow,
} from './repository.ts';
import { withFreshStock } from './line-repository.ts';
import { serializeOrder, type OrderState } from './serialize.ts';
import { transitionOrder } from './status.ts';

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
  /** Who writes it when not the session's own user (an accepted edit of a placed order, edit.ts). */
  actor?: OrderActor;
  /** Kilo lines take a weighed quantity to the gram instead of the cart's half-portion steps (edit.ts). */
  weighed?: boolean;
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

/**
 * The order's lines and its shop's gift rules: from caches.ts for this version (what is left of tracked lines'
 * units read again: other orders move it), else read.
 */
export async function linesOf(db: Queryable, order: OrderRow): Promise<OrderLines> {
  const cached = cachedOrderLines(order.shop_id, order.user_id, order.id, order.version);
  if (!cached) return findItemsAndGiftRules(db, order.id, order.shop_id);
  return { ...cached, items: await withFreshStock(db, order.id, cached.items) };
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

/**
 * What settle() would write, without writing it: stale gift lines dropped from `change.items` and the amounts
 * the cart's one computation gives (an edit's proposal shows them before the contact agrees, edit.ts).
 */
export function settledTotals(change: OrderChange) {
  return settledWrite(change).totals;
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
  const actor = change.actor ?? actorOf(change.session);
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
    change.items = await withFreshStock(db, cached.order.id, cached.items);
    await apply(change);
    await settle(change, cached.order.version);
  } catch {
    return null; // computed from a copy that may be stale: the locked attempt gives the real answer
  }
  rememberOpenOrder(change);
  return serializeOrder(change);
}
