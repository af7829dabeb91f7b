import { OrderStatus } from '@vitrine/contracts/enums';
import { centsToReais, formatBRL, reaisToCents } from '@vitrine/contracts/money';
import type { Order } from '@vitrine/contracts/order';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionContext } from '../session/service.ts';
import { orderAmounts, type CheckoutState } from '../order/service.ts';
import { changeCheckout, type CheckoutChange } from './change.ts';

type CouponRow = {
  id: string;
  code: string;
  kind: 'percentage' | 'fixed';
  value: number;
  min_order_cents: number;
  valid_from: string | null;
  valid_until: string | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  active: boolean;
  first_order_only: boolean;
  /** Set: only this contact may use the coupon (a recovery reminder's). */
  contact_id: string | null;
  used: number;
  used_by_customer: number;
  /** The customer's confirmed orders in the shop (any coupon or none): a first-order-only coupon needs 0. */
  customer_orders: number;
};

/** Orders that count as a coupon's uses: confirmed ones, paid or not (canceled orders do not). */
const USED = `(${OrderStatus.Received}, ${OrderStatus.Finalized})`;

/**
 * Why a coupon cannot apply to an order now, or null: turned off, dates, minimum, usage per shop and per customer,
 * first order only (orders that left Creating count as uses, canceled orders do not). `lock` (in a transaction)
 * holds the coupon row until commit; `orderId` (a placed order being edited) is not counted as a use of its own.
 */
export async function couponProblem(
  tx: Queryable,
  session: SessionContext,
  code: string,
  itemsCents: number,
  { lock = false, orderId = '' }: { lock?: boolean; orderId?: string } = {},
): Promise<{ row: CouponRow | null; problem: AppError | null }> {
  // Confirm locks the coupon first: concurrent confirms (on any instance) count its uses one after another, each
  // in a statement that sees the uses committed before it, so the usage limits hold.
  if (lock)
    await tx.query('select id from coupons where shop_id = $1 and upper(code) = upper($2) for update', [
      session.shopId,
      code.trim(),
    ]);
  const [row] = await tx.query<CouponRow>(
    `select c.id, c.code, c.kind, c.value, c.min_order_cents, c.valid_from::text, c.valid_until::text,
            c.usage_limit, c.per_customer_limit, c.active, c.first_order_only, c.contact_id,
            (select count(*)::int from orders o where o.coupon_id = c.id and o.status in ${USED} and o.id <> $4)
              as used,
            (select count(*)::int from orders o
              where o.coupon_id = c.id and o.status in ${USED} and o.user_id = $3 and o.id <> $4) as used_by_customer,
            (select count(*)::int from orders o
              where o.shop_id = c.shop_id and o.user_id = $3 and o.status in ${USED} and o.id <> $4) as customer_orders,
            (c.valid_from is not null and c.valid_from > now()) as not_started,
            (c.valid_until is not null and c.valid_until < now()) as expired
       from coupons c where c.shop_id = $1 and upper(c.code) = upper($2)`,
    [session.shopId, code.trim(), session.userId, orderId],
  );
  const r = row as (CouponRow & { not_started: boolean; expired: boolean }) | undefined;
  if (!r) return { row: null, problem: new AppError('unprocessable', 'couponNotFound') };
  const fail = (code: Parameters<typeof problem>[0], params = {}) => ({
    row: r,
    problem: problem(code, params),
  });
  if (r.contact_id !== null && r.contact_id !== session.userId) return fail('couponOtherContact');
  if (!r.active) return fail('couponInactive');
  if (r.not_started) return fail('couponNotStarted');
  if (r.expired) return fail('couponExpired');
  if (itemsCents < r.min_order_cents) return fail('couponMinValue', { amount: formatBRL(r.min_order_cents) });
  if (r.usage_limit !== null && r.used >= r.usage_limit) return fail('couponUsageLimit');
  if (r.per_customer_limit !== null && r.used_by_customer >= r.per_customer_limit)
    return fail('couponCustomerLimit');
  if (r.first_order_only && r.customer_orders > 0) return fail('couponFirstOrderOnly');
  return { row: r, problem: null };
}

function problem(
  code:
    | 'couponInactive'
    | 'couponOtherContact'
    | 'couponFirstOrderOnly'
    | 'couponNotStarted'
    | 'couponExpired'
    | 'couponMinValue'
    | 'couponUsageLimit'
    | 'couponCustomerLimit',
  params: Record<string, string> = {},
) {
  return new AppError('unprocessable', code, params);
}

/**
 * Applies a coupon (spec §4: a failed coupon resets). On failure the order's coupon is cleared in its own change
 * and the 422 says why; an empty code removes the coupon.
 */
export async function applyCoupon(db: Db, session: SessionContext, code: string): Promise<Order> {
  let failure: AppError | null = null;
  const order = await changeCheckout(db, session, async (c: CheckoutChange) => {
    c.checkout.coupon = null;
    c.checkout.couponCode = null;
    if (!code.trim()) return;
    if (!c.settings.canUseCoupon) {
      failure = new AppError('unprocessable', 'couponDisabled');
      return;
    }
    const { row, problem: why } = await couponProblem(c.change.tx, session, code, c.itemsCents);
    if (why || !row) {
      failure = why;
      return;
    }
    setCoupon(c.checkout, row);
  });
  if (failure) throw failure;
  return order;
}

/** The checkout's coupon set to the (valid) coupon `row`. */
export function setCoupon(
  checkout: CheckoutState,
  row: Pick<CouponRow, 'id' | 'code' | 'kind' | 'value' | 'min_order_cents'>,
) {
  checkout.couponCode = row.code;
  checkout.coupon = { id: row.id, kind: row.kind, value: row.value, minOrderCents: row.min_order_cents };
}

/** The largest manual discount the checkout allows now: the items amount less the coupon. */
function maxManualDiscount(c: Pick<CheckoutChange, 'checkout' | 'itemsCents'>): number {
  return c.itemsCents - orderAmounts(c.checkout, c.itemsCents).couponDiscountCents;
}

/**
 * Sets the manual discount in centavos (agents, manual-price mode): 422 unless 0 ≤ cents ≤ the items amount less
 * the coupon. Also an order edit's (modules/checkout/edit.ts).
 */
export function setManualDiscountCents(c: Omit<CheckoutChange, 'change'>, cents: number): void {
  if (!c.settings.enableManualPrices) throw new AppError('unprocessable', 'manualPricesDisabled');
  const max = maxManualDiscount(c);
  if (cents < 0 || cents > max) {
    throw new AppError('unprocessable', 'discountInvalid', { amount: formatBRL(Math.max(0, max)) });
  }
  c.checkout.manualDiscountCents = cents;
}

/** Manual discount in reais (agents, manual-price mode): 0 ≤ discount ≤ items amount (less the coupon). */
export async function setManualDiscount(db: Db, session: SessionContext, discount: number): Promise<Order> {
  return changeCheckout(db, session, (c) => {
    const max = maxManualDiscount(c);
    // Converted only when in range (reaisToCents refuses amounts beyond a safe integer of centavos).
    const cents =
      discount >= 0 && discount <= centsToReais(Math.max(0, max)) + 1 ? reaisToCents(discount) : -1;
    setManualDiscountCents(c, cents);
  });
}
