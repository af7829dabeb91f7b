/** Checkout changes go through the order module's locked change (row lock + version bump + settle). */
import type { Order } from '@vitrine/contracts/order';
import type { ShopSettings } from '@vitrine/contracts/shop';
import type { Db } from '../../db/client.ts';
import { itemsAmountCents } from '../order/pricing.ts';
import { changeCurrentOrder, type OrderChange } from '../order/service.ts';
import type { SessionContext } from '../session/service.ts';
import { releaseSlot } from '../logistics/schedule-repository.ts';
import { settingsOf } from '../shop/service.ts';
import type { CheckoutState } from './state.ts';

export type CheckoutChange = {
  change: OrderChange;
  checkout: CheckoutState;
  settings: ShopSettings;
  itemsCents: number;
};

/** Applies a checkout change to the session's current order under its row lock; settle() recomputes the amounts. */
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
      itemsCents: itemsAmountCents(change.items),
    };
    await apply(c);
    const previousSlot = change.order.checkout.slotId ?? null;
    if (previousSlot && previousSlot !== (c.checkout.slotId ?? null))
      await releaseSlot(change.tx, change.order.id);
    const couponId = c.checkout.coupon?.id ?? null;
    await change.tx.query('update orders set checkout = $2, coupon_id = $3 where id = $1', [
      change.order.id,
      JSON.stringify(c.checkout),
      couponId,
    ]);
    change.order = { ...change.order, checkout: c.checkout, coupon_id: couponId };
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
