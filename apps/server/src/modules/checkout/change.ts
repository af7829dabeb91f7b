/** Checkout changes go through the order module's locked change (row lock + version bump + settle). */
import type { Order } from '@vitrine/contracts/order';
import type { ShopSettings } from '@vitrine/contracts/shop';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { changeCurrentOrder, itemsAmountCents, setCheckout, type OrderChange } from '../order/service.ts';
import type { SessionContext } from '../session/service.ts';
import { holdSlot } from '../logistics/service.ts';
import { settingsOf } from '../shop/service.ts';
import type { CheckoutState } from '../order/service.ts';

export type CheckoutChange = {
  change: OrderChange;
  checkout: CheckoutState;
  settings: ShopSettings;
  itemsCents: number;
};

/** Applies a checkout change to the session's current order under its row lock; settle() writes it with the amounts. */
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
    await followSlot(c);
    setCheckout(change, c.checkout, c.checkout.coupon?.id ?? null);
  });
}

/**
 * The reservation follows the slot choice: a no-op when the change already moved it (as chooseSlot does), released
 * when the choice was cleared (another option's schedule). With `dryRun` nothing is written (an edit's proposal).
 */
export async function followSlot({ change, checkout }: CheckoutChange, dryRun = false): Promise<void> {
  const slotId = checkout.slotId ?? null;
  if (slotId === (change.order.checkout.slotId ?? null)) return;
  const held = await holdSlot(change.tx, change.order.shop_id, change.order.id, slotId, undefined, dryRun);
  if (held === 'notFound') throw new AppError('notFound', 'slotNotFound');
  if (held === 'full') throw new AppError('conflict', 'slotUnavailable');
}

/** Clears the choices that depend on the seller (spec §4: logistic, day, schedule and payment). */
export function clearAfterSeller(checkout: CheckoutState): void {
  checkout.logistic = null;
  checkout.slotId = null;
  checkout.slot = null;
  checkout.paymentMethod = null;
  checkout.paymentOption = null;
}
