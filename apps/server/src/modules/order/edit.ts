/**
 * Editing a placed order (issue 34, decision 0053): the staff's line changes run through the cart's own code —
 * applyItem (items.ts: catalogue snapshot, price table, variants, limits) and settle (change.ts: stale gifts,
 * orderAmounts, the one statement of cart-repository.ts) — on the order row the caller locked. A proposal computes
 * the new version without writing it (previewEdit); the contact's acceptance writes it (applyEdit). Kilo lines take
 * the weighed amount to the gram ("pesou 1,120 kg").
 */
import { ChannelType, OrderStatus, SessionType } from '@vitrine/contracts/enums';
import { formatBRL } from '@vitrine/contracts/money';
import type { OrderEditChange, OrderVersion } from '@vitrine/contracts/order-edits';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionContext } from '../../lib/session-context.ts';
import { settle, settledTotals, type OrderChange } from './change.ts';
import { applyItem } from './items.ts';
import type { OrderItemRow } from './line-repository.ts';
import { deliveryCents, type CheckoutState } from './checkout-state.ts';
import { orderAmounts, type Totals } from './pricing.ts';
import {
  findItemsAndGiftRules,
  lockPlacedOrder,
  type LockedOrder,
  type OrderActor,
  type OrderRow,
} from './repository.ts';
import { ORDER_STATUS_NAMES } from './status.ts';

export type PlacedOrder = LockedOrder & { order: OrderRow & { number: number } };

/** Locks the shop's placed order `orderId` for an edit, as `actor`; 404 when it is not the shop's. */
export async function lockOrderForEdit(
  tx: Queryable,
  shopId: string,
  orderId: string,
  actor: OrderActor,
): Promise<PlacedOrder> {
  const placed = await lockPlacedOrder(tx, shopId, orderId, actor);
  if (!placed) throw new AppError('notFound', 'boardOrderNotFound');
  return placed;
}

/**
 * Why the order cannot be edited now (pt-BR), or null: a Received order, or a paid one (Finalized on payment,
 * decision 0046) not yet delivered — the contact may still add the forgotten bread before it leaves.
 */
export function editRefusal(order: { status: number; fulfilment?: string | null }): AppError | null {
  if (order.status === OrderStatus.Received) return null;
  if (order.status === OrderStatus.Finalized && order.fulfilment !== 'delivered') return null;
  const status = ORDER_STATUS_NAMES[order.status as OrderStatus].toLowerCase();
  return new AppError('conflict', 'orderEditStatus', { status });
}

/**
 * The lines and amounts of a version of the order, as the console and the contact see them; the coupon and the
 * manual discount split as orderAmounts gives them; the delivery (option, fee charged, address, slot); the store.
 */
export function versionOf(items: OrderItemRow[], totals: Totals, checkout: CheckoutState): OrderVersion {
  const amounts = orderAmounts(checkout, totals.itemsCents);
  return {
    lines: items
      .map((line) => ({
        index: line.line_index,
        providerId: line.product_provider_id,
        sku: line.sku,
        name: line.name,
        quantity: line.quantity,
        soldInKilo: line.sold_in_kilo,
        amountInKilo: line.amount_in_kilo == null ? null : Number(line.amount_in_kilo),
        unitPriceCents: line.unit_price_cents,
        promotionalPriceCents: line.promotional_price_cents,
        totalCents: line.total_cents,
        isGift: line.is_gift,
      }))
      .sort((a, b) => a.index - b.index),
    itemsCents: totals.itemsCents,
    discountCents: totals.discountCents,
    totalCents: totals.totalCents,
    couponCode: checkout?.coupon ? (checkout.couponCode ?? null) : null,
    couponDiscountCents: amounts.couponDiscountCents,
    manualDiscountCents: amounts.manualDiscountCents,
    delivery: {
      name: checkout?.logistic?.name ?? null,
      feeCents: checkout ? deliveryCents(checkout, totals.itemsCents) : 0,
      address: checkout?.address?.fullAddress ?? null,
      slot: checkout?.slot ?? null,
    },
    seller: checkout?.seller
      ? { name: checkout.seller.name, serviceFeeCents: checkout.seller.serviceTaxCents }
      : null,
  };
}

/** The order's current version. */
export async function currentVersion(tx: Queryable, order: OrderRow): Promise<OrderVersion> {
  const { items } = await findItemsAndGiftRules(tx, order.id, order.shop_id);
  return versionOf(items, orderTotals(order), order.checkout);
}

const orderTotals = (order: OrderRow): Totals => ({
  itemsCents: order.items_amount_cents,
  discountCents: order.discount_cents,
  totalCents: order.total_cents,
});

/**
 * The session the cart's code sees for a staff edit: the order's own contact, bought for by an agent (so the
 * shop's restricted products stay available to the staff, as in an assisted sale). Nothing is written with it.
 */
export function editSession(order: OrderRow): SessionContext {
  return {
    id: `edit:${order.id}`,
    shopId: order.shop_id,
    sessionType: SessionType.PlatformUser,
    channelType: order.channel_type as ChannelType,
    channelId: '',
    userId: order.user_id,
    contactId: order.contact_id,
    agentId: null,
    expiresAt: new Date(8.64e15),
  };
}

async function openEdit(tx: Queryable, placed: PlacedOrder, actor: OrderActor): Promise<OrderChange> {
  const lines = await findItemsAndGiftRules(tx, placed.order.id, placed.order.shop_id);
  return {
    order: { ...placed.order },
    shop: placed.shop,
    ...lines,
    tx,
    session: editSession(placed.order),
    writes: [],
    actor,
    weighed: true,
  };
}

/**
 * Applies the changes to the open edit with the cart's applyItem, in order; 422 when a line with a refund
 * (`keep`) would go or no bought line would be left.
 */
async function applyChanges(
  change: OrderChange,
  changes: readonly OrderEditChange[],
  keep: ReadonlySet<string>,
): Promise<void> {
  const before = change.items.filter((line) => keep.has(line.id));
  for (const item of changes) {
    await applyItem(change, {
      index: item.index ?? null,
      providerId: item.providerId,
      quantity: item.quantity,
      sku: item.sku ?? null,
    });
  }
  const gone = before.find((line) => !change.items.includes(line));
  if (gone) throw new AppError('unprocessable', 'orderEditRefundedLine', { name: gone.name });
  if (!change.items.some((line) => !line.is_gift)) throw new AppError('unprocessable', 'orderEditEmpty');
}

const sameVersion = (a: OrderVersion, b: OrderVersion) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What an edit changes besides lines, on the open change (the checkout's own code): `beforeLines` runs before the
 * line changes (the store, whose price table the changed and added lines are priced by), `afterLines` after them
 * (the other lines re-priced by that table, coupon, manual discount, delivery, slot).
 */
export type EditAdjust = {
  beforeLines: (change: OrderChange) => Promise<void>;
  afterLines: (change: OrderChange) => Promise<void>;
};

/**
 * The order as the changes (lines, then `adjust`) would leave it, computed by the cart's code on the locked order
 * and written nowhere: the proposal the contact is asked to accept. 422 when it changes nothing.
 */
export async function previewEdit(
  tx: Queryable,
  placed: PlacedOrder,
  changes: readonly OrderEditChange[],
  keep: ReadonlySet<string>,
  adjust: EditAdjust,
): Promise<{ before: OrderVersion; after: OrderVersion }> {
  const change = await openEdit(tx, placed, 'staff');
  const before = versionOf(change.items, orderTotals(placed.order), placed.order.checkout);
  await adjust.beforeLines(change);
  await applyChanges(change, changes, keep);
  await adjust.afterLines(change);
  const after = versionOf(change.items, settledTotals(change), change.order.checkout);
  if (sameVersion(before, after)) throw new AppError('unprocessable', 'orderEditNothing');
  return { before, after };
}

/**
 * Writes the proposal's changes to the locked order through the cart's one statement (lines, totals, version + 1)
 * as `actor` (the contact who accepted, or the staff for an edit applied at once) and answers the order as written;
 * 409 when the prices the cart finds now give another total than the one the
 * contact accepted (the caller's transaction rolls back).
 */
export async function applyEdit(
  tx: Queryable,
  placed: PlacedOrder,
  changes: readonly OrderEditChange[],
  keep: ReadonlySet<string>,
  accepted: OrderVersion,
  adjust: EditAdjust,
  actor: OrderActor = 'shopper',
): Promise<{ order: OrderRow; version: OrderVersion }> {
  const change = await openEdit(tx, placed, actor);
  await adjust.beforeLines(change);
  await applyChanges(change, changes, keep);
  await adjust.afterLines(change);
  await settle(change);
  if (change.order.total_cents !== accepted.totalCents) {
    throw new AppError('conflict', 'orderEditPricesChanged', { total: formatBRL(change.order.total_cents) });
  }
  return {
    order: change.order,
    version: versionOf(change.items, orderTotals(change.order), change.order.checkout),
  };
}
