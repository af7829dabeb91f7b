/**
 * What an order edit changes of the checkout (issue 34, decision 0053): the coupon and the manual discount, set
 * on the edit's open change by the checkout's own checks (couponProblem, setManualDiscountCents) after the lines
 * changed; settle() prices them with orderAmounts, as for the cart.
 */
import type { OrderEditCheckout } from '@vitrine/contracts/order-edits';
import { AppError } from '../../lib/app-error.ts';
import { itemsAmountCents, setCheckout, type OrderChange } from '../order/service.ts';
import { settingsOf } from '../shop/service.ts';
import { couponProblem, setCoupon, setManualDiscountCents } from './coupon.ts';

/**
 * Sets the proposal's coupon (a code applies it — 422 in pt-BR when it does not apply to the order as edited;
 * null or '' removes it) and manual discount (422 above the items less the coupon) on the edit's change.
 */
export async function editCheckout(change: OrderChange, target: OrderEditCheckout | null): Promise<void> {
  if (!target || (target.coupon === undefined && target.manualDiscountCents === undefined)) return;
  const c = {
    checkout: { ...change.order.checkout },
    settings: settingsOf(change.shop),
    itemsCents: itemsAmountCents(change.items),
  };
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
