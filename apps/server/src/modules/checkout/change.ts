/** Checkout changes go through the order module's locked change (row lock + version bump + settle). */
import type { Order } from '@vitrine/contracts/order';
import type { ShopSettings } from '@vitrine/contracts/shop';
import type { Db } from '../../db/client.ts';
import { orderTotals } from '../order/pricing.ts';
import { changeCurrentOrder, type OrderChange } from '../order/service.ts';
import type { SessionContext } from '../session/service.ts';
import { releaseSlot } from '../logistics/schedule-repository.ts';
import { settingsOf } from '../shop/service.ts';
import { checkoutFeesCents, type CheckoutState } from './state.ts';

export type CheckoutChange = {
  change: OrderChange;
  checkout: CheckoutState;
  settings: ShopSettings;
  itemsCents: number;
};

/** Coupon discount for an items amount: percentage (rounded half up) or fixed, never above the amount. */
export function couponDiscountCents(checkout: CheckoutState, itemsCents: number): number {
  const coupon = checkout.coupon;
  if (!coupon) return 0;
  const raw =
    coupon.kind === 'percentage' ? Math.floor((itemsCents * coupon.value + 50) / 100) : coupon.value;
  return Math.min(raw, itemsCents);
}

/** Recomputes coupon and manual discounts; the sum never exceeds the items amount. */
export function discountsCents(checkout: CheckoutState, itemsCents: number): number {
  const coupon = couponDiscountCents(checkout, itemsCents);
  checkout.couponDiscountCents = coupon;
  const manual = Math.min(checkout.manualDiscountCents ?? 0, itemsCents - coupon);
  checkout.manualDiscountCents = manual;
  return coupon + manual;
}

/** The order total for a checkout state and items amount: items − discounts (≥ 0) + delivery + service fee. */
export function orderTotalCents(checkout: CheckoutState, itemsCents: number): number {
  const copy = { ...checkout };
  return Math.max(0, itemsCents - discountsCents(copy, itemsCents)) + checkoutFeesCents(copy, itemsCents);
}

/** Applies a checkout change to the session's current order under its row lock, then settles totals. */
export async function changeCheckout(
  db: Db,
  session: SessionContext,
  apply: (c: CheckoutChange) => Promise<void> | void,
): Promise<Order> {
  return changeCurrentOrder(db, session, async (change) => {
    const c: CheckoutChange = {
      change,
      checkout: { ...change.order.checkout },
      settings: settingsOf(change.shop),
      itemsCents: orderTotals(change.items, 0).itemsCents,
    };
    await apply(c);
    const previousSlot = change.order.checkout.slotId ?? null;
    if (previousSlot && previousSlot !== (c.checkout.slotId ?? null))
      await releaseSlot(change.tx, change.order.id);
    const discount = discountsCents(c.checkout, c.itemsCents);
    const couponId = c.checkout.coupon?.id ?? null;
    await change.tx.query('update orders set checkout = $2, coupon_id = $3 where id = $1', [
      change.order.id,
      JSON.stringify(c.checkout),
      couponId,
    ]);
    change.order = { ...change.order, checkout: c.checkout, coupon_id: couponId, discount_cents: discount };
  });
}

/** Clears the choices that depend on the seller (spec §4: logistic, day, schedule and payment). */
export function clearAfterSeller(checkout: CheckoutState): void {
  checkout.logistic = null;
  checkout.slotId = null;
  checkout.slot = null;
  checkout.paymentMethod = null;
  checkout.paymentOption = null;
}
