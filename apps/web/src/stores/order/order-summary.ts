/**
 * The customer cart's order summary (spec §5 "Subtotal"): items amount, discount ('você economizou' with
 * its absolute value), subtotal and total, all in reais as the wire carries them. Arithmetic runs on
 * centavos so no float error reaches the screen.
 */
import type { Order } from '@vitrine/contracts/order';
import { centsToReais, reaisToCents } from '@vitrine/contracts/money';

export interface OrderSummaryFigures {
  itemsAmount: number;
  /** Absolute discount ('você economizou'); 0 when there is none. */
  savings: number;
  subtotal: number;
  total: number;
}

/**
 * Subtotal per spec §5: with a negative discountAmout, itemsAmout plus it; otherwise itemsAmout minus it.
 * (Both read as "items less the discount", whichever sign the server uses for it.)
 */
export function orderSubtotal(itemsAmout: number, discountAmout: number): number {
  const items = reaisToCents(itemsAmout);
  const discount = reaisToCents(discountAmout);
  return centsToReais(discount < 0 ? items + discount : items - discount);
}

/** The figures the summary shows for an order. */
export function orderSummaryFigures(
  order: Pick<Order, 'itemsAmout' | 'discountAmout' | 'totalAmout'>,
): OrderSummaryFigures {
  return {
    itemsAmount: order.itemsAmout,
    savings: Math.abs(order.discountAmout),
    subtotal: orderSubtotal(order.itemsAmout, order.discountAmout),
    total: order.totalAmout,
  };
}
