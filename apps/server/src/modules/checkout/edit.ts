/**
 * What an order edit changes of the checkout (issue 34, decision 0053): the store (issue 38), the coupon, the
 * manual discount, the delivery option and address and the delivery slot, set on the edit's open change by the
 * checkout's own code (chooseStore, repriceLines, couponProblem, setManualDiscountCents, chooseLogistic, chooseSlot,
 * followSlot); settle() prices them with orderAmounts, as for the cart.
 */
import type { OrderEditCheckout } from '@vitrine/contracts/order-edits';
import { AppError } from '../../lib/app-error.ts';
import {
  itemsAmountCents,
  repriceLines,
  setCheckout,
  type EditAdjust,
  type OrderChange,
} from '../order/service.ts';
import { settingsOf } from '../shop/service.ts';
import { followSlot, type CheckoutChange } from './change.ts';
import { couponProblem, setCoupon, setManualDiscountCents } from './coupon.ts';
import { chooseLogistic, chooseSlot } from './delivery.ts';
import { chooseStore, findStore } from './sellers.ts';

/** Sets nothing editCheckout handles (the store, if any, is set around the lines: editAdjust). */
const changesNothing = (t: OrderEditCheckout) =>
  t.coupon === undefined &&
  t.manualDiscountCents === undefined &&
  t.delivery === undefined &&
  t.slotId === undefined;

/**
 * The store of the proposal (404 'Loja não encontrada para este pedido.' for one that is not the shop's), set
 * before the line changes so the lines they change or add are priced by its price table (applyItem); answers
 * whether the other lines must be re-priced after them (the store has a default table).
 */
async function editStore(change: OrderChange, sellerId: string): Promise<boolean> {
  const seller = await findStore(change.tx, change.shop.id, sellerId);
  const checkout = { ...change.order.checkout };
  const table = chooseStore(checkout, seller);
  if (table) checkout.priceTableId = table;
  setCheckout(change, checkout, change.order.coupon_id);
  return table !== null;
}

/**
 * The steps of an edit's checkout change around its line changes (modules/order/edit.ts): the store first, then —
 * after the lines — the other lines re-priced by the store's table and the rest (editCheckout).
 */
export function editAdjust(target: OrderEditCheckout | null, options: { preview: boolean }): EditAdjust {
  let reprice = false;
  return {
    beforeLines: async (change) => {
      if (target?.sellerId !== undefined) reprice = await editStore(change, target.sellerId);
    },
    afterLines: async (change) => {
      if (reprice) await repriceLines(change, change.order.checkout.priceTableId ?? null);
      await editCheckout(change, target, options);
    },
  };
}

/**
 * Sets the proposal's coupon (a code applies it — 422 in pt-BR when it does not apply to the order as edited;
 * null or '' removes it), manual discount (422 above the items less the coupon), delivery option and address (the
 * fee from the shop's option at that address; 404 for an option or address that is not the shop's or the
 * contact's, 422 where the option does not deliver) and slot (404 another shop's or schedule's, 409 full or past)
 * on the edit's change. The slot's reservation moves with the change (the old slot's place given back in the same
 * transaction), except in a `preview` (a proposal), which checks the same and reserves nothing.
 */
export async function editCheckout(
  change: OrderChange,
  target: OrderEditCheckout | null,
  { preview }: { preview: boolean },
): Promise<void> {
  if (!target || changesNothing(target)) return;
  const c: CheckoutChange = {
    change,
    checkout: { ...change.order.checkout },
    settings: settingsOf(change.shop),
    itemsCents: itemsAmountCents(change.items),
  };
  if (target.delivery) {
    // A placed order keeps its store (its lines were priced by its table): a type change does not clear it.
    const { sellerId, seller } = c.checkout;
    await chooseLogistic(c, change.session, target.delivery);
    Object.assign(c.checkout, { sellerId, seller });
  }
  if (target.slotId !== undefined) await chooseSlot(c, change.session, target.slotId, true);
  await followSlot(c, preview);
  if (target.coupon !== undefined) {
    c.checkout.coupon = null;
    c.checkout.couponCode = null;
    if (target.coupon) {
      if (!c.settings.canUseCoupon) throw new AppError('unprocessable', 'couponDisabled');
      const { row, problem } = await couponProblem(change.tx, change.session, target.coupon, c.itemsCents, {
        lock: true,
        orderId: change.order.id,
      });
      if (problem || !row) throw problem ?? new AppError('unprocessable', 'couponNotFound');
      setCoupon(c.checkout, row);
    }
  }
  if (target.manualDiscountCents !== undefined) setManualDiscountCents(c, target.manualDiscountCents);
  setCheckout(change, c.checkout, c.checkout.coupon?.id ?? null);
}
