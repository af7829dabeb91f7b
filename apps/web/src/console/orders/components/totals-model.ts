/**
 * The amounts under an order's 'Itens', in the order they add up: the products, the discount (coupon or the agent's),
 * the delivery and the seller's service fee together — what the order's total holds beyond its products less its
 * discount (pricing.ts orderAmounts: total = items − discount + fees) — and the total. A line at zero is left out
 * but the products and the total.
 */
import type { OrderDetail } from '@vitrine/contracts/console-orders';

export type TotalsLine = { label: string; cents: number; total?: true };

export function orderTotalsLines(
  order: Pick<OrderDetail, 'itemsCents' | 'discountCents' | 'totalCents' | 'coupon'>,
): TotalsLine[] {
  const discount = Math.abs(order.discountCents);
  const fees = order.totalCents - order.itemsCents + discount;
  return [
    { label: 'Produtos', cents: order.itemsCents },
    ...(discount !== 0
      ? [{ label: order.coupon ? `Desconto (cupom ${order.coupon})` : 'Desconto', cents: -discount }]
      : []),
    ...(fees !== 0 ? [{ label: 'Entrega e taxas', cents: fees }] : []),
    { label: 'Total', cents: order.totalCents, total: true as const },
  ];
}
