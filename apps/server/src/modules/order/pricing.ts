/**
 * Pure order arithmetic, in integer centavos (docs/decisions/0007-order-lines-and-gifts.md):
 * - line total = round_half_up(effective unit price × quantity), effective = promotional ?? list price;
 *   kilo products price one portion of amountInKilo (quantity counts portions, steps of 0.5);
 * - itemsAmout = Σ non-gift line totals (gift lines are free); discounts (coupon, manual) never exceed it;
 *   totalAmout = items − discounts + checkout fees (orderAmounts, the one place that computes them).
 */
import { errorMessage, type ErrorCode } from '@vitrine/contracts/errors';
import { formatBRL } from '@vitrine/contracts/money';
import { KILO_QUANTITY_STEP } from '@vitrine/contracts/order-api';
import { AppError } from '../../lib/app-error.ts';
import { checkoutFeesCents, type CheckoutState } from './checkout-state.ts';

/** Largest amount an integer column holds; larger line or order amounts are refused. */
export const MAX_AMOUNT_CENTS = 2_147_483_647;

/** Quantity in thousandths (the precision of `order_items.quantity`), an exact integer. */
export function quantityMilli(quantity: number): number {
  return Math.round(quantity * 1000);
}

/** round_half_up(effective unit price × quantity) in centavos, computed on integers only. */
export function lineTotalCents(
  unitPriceCents: number,
  promotionalPriceCents: number | null,
  quantity: number,
): number {
  const effective = promotionalPriceCents ?? unitPriceCents;
  return Math.floor((effective * quantityMilli(quantity) + 500) / 1000);
}

/** Throws 400 unless `quantity` (> 0) is whole for unit products, or a multiple of the kilo step for kilo products. */
export function assertQuantity(quantity: number, soldInKilo: boolean): void {
  if (soldInKilo) {
    if (!Number.isInteger(quantity / KILO_QUANTITY_STEP)) {
      throw new AppError('validation', 'quantityKiloStep', {
        step: String(KILO_QUANTITY_STEP).replace('.', ','),
      });
    }
    return;
  }
  if (!Number.isInteger(quantity)) throw new AppError('validation', 'quantityNotWhole');
}

export type Totals = { itemsCents: number; discountCents: number; totalCents: number };

/** itemsAmout: the sum of the non-gift line totals (gift lines are free). */
export function itemsAmountCents(lines: { total_cents: number; is_gift: boolean }[]): number {
  return lines.reduce((sum, line) => (line.is_gift ? sum : sum + line.total_cents), 0);
}

/** Every amount of an order, from its items amount and checkout state (see orderAmounts). */
export type OrderAmounts = Totals & {
  couponDiscountCents: number;
  manualDiscountCents: number;
  feesCents: number;
  /** A coupon is set but the items amount is below its minimum: it stays on the order and gives nothing. */
  couponBelowMinimum: boolean;
};

/**
 * The one computation of an order's amounts, run by settle() on every change (lines, gifts, checkout):
 * coupon discount (percentage rounded half up, or fixed; 0 while the items amount is below the coupon's
 * minimum; never above the items), then the manual discount the agent set, applied up to what is left of the
 * items, then the checkout's fees (delivery, free above its threshold, + service fee). The total is
 * items − discounts (never below zero) + fees.
 */
export function orderAmounts(checkout: CheckoutState | undefined, itemsCents: number): OrderAmounts {
  const coupon = checkout?.coupon ?? null;
  const couponBelowMinimum = coupon !== null && itemsCents < coupon.minOrderCents;
  const couponRaw =
    !coupon || couponBelowMinimum
      ? 0
      : coupon.kind === 'percentage'
        ? Math.floor((itemsCents * coupon.value + 50) / 100)
        : coupon.value;
  const couponDiscountCents = Math.min(couponRaw, itemsCents);
  const manualDiscountCents = Math.min(checkout?.manualDiscountCents ?? 0, itemsCents - couponDiscountCents);
  const discountCents = couponDiscountCents + manualDiscountCents;
  const feesCents = checkoutFeesCents(checkout, itemsCents);
  return {
    itemsCents,
    couponDiscountCents,
    manualDiscountCents,
    discountCents,
    feesCents,
    totalCents: itemsCents - discountCents + feesCents,
    couponBelowMinimum,
  };
}

/** The limits the §5 blocking rules read, in centavos and counts; null = no limit. */
export type OrderLimits = {
  /** order.minOrderValue: the shop's minimum order value. */
  minOrderValueCents: number | null;
  /** logistic.orderMinPrice: the chosen logistic's minimum (null while none is chosen). */
  orderMinPriceCents: number | null;
  /** logistic.maxDistinctItems */
  maxDistinctItems: number | null;
  /** logistic.maxItemsAmout */
  maxItems: number | null;
};

export type BlockingIssue = { code: ErrorCode; params: Record<string, string | number> };

/**
 * The spec §5 blocking rules, in this order: items amount below the minimum (the larger of minOrderValue and
 * logistic.orderMinPrice), more distinct lines than maxDistinctItems, total quantity above maxItemsAmout.
 * Gift lines count in none of them. Equal to a limit passes.
 */
export function blockingIssues(
  limits: OrderLimits,
  lines: { quantity: number; is_gift: boolean }[],
  itemsCents: number,
): BlockingIssue[] {
  const issues: BlockingIssue[] = [];
  const minimum = Math.max(limits.minOrderValueCents ?? 0, limits.orderMinPriceCents ?? 0);
  if (itemsCents < minimum) issues.push({ code: 'orderMinValue', params: { amount: formatBRL(minimum) } });
  const bought = lines.filter((line) => !line.is_gift);
  if (limits.maxDistinctItems !== null && bought.length > limits.maxDistinctItems) {
    issues.push({ code: 'orderMaxDistinctItems', params: { max: limits.maxDistinctItems } });
  }
  const quantityMilliSum = bought.reduce((sum, line) => sum + quantityMilli(line.quantity), 0);
  if (limits.maxItems !== null && quantityMilliSum > limits.maxItems * 1000) {
    issues.push({ code: 'orderMaxItems', params: { max: limits.maxItems } });
  }
  return issues;
}

/** The pt-BR texts of blocking issues, as the client shows them under 'Atenção:'. */
export function blockingMessages(issues: BlockingIssue[]): string[] {
  return issues.map((issue) => errorMessage(issue.code, issue.params));
}
