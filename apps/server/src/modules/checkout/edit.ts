/**
 * What an order edit changes of the checkout (issue 34, decision 0053): the coupon, the manual discount, the
 * delivery option and address and the delivery slot, set on the edit's open change by the checkout's own code
 * (couponProblem, setManualDiscountCents, chooseLogistic, chooseSlot, followSlot) after the lines changed; settle()
 * prices them with orderAmounts, as for the cart.
 */
import type { OrderEditCheckout } from '@vitrine/contracts/order-edits';
import { AppError } from '../../lib/app-error.ts';
import { itemsAmountCents, setCheckout, type OrderChange } from '../order/service.ts';
import { settingsOf } from '../shop/service.ts';
import { followSlot, type CheckoutChange } from './change.ts';
import { couponProblem, setCoupon, setManualDiscountCents } from './coupon.ts';
import { chooseLogistic, chooseSlot } from './delivery.ts';

const changesNothing = (t: OrderEditCheckout) =>
  t.coupon === undefined &&
  t.manualDiscountCents === undefined &&
  t.delivery === undefined &&
  t.slotId === undefined;

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
