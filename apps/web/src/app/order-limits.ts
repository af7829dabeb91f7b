/**
 * Order limits shown in the top bar's info tooltip (spec §2 "Top bar"): max distinct items, max items and
 * minimum order value — each only when the order has it.
 */
import type { Order } from '@vitrine/contracts/order';
import { formatReais } from '@vitrine/contracts/money';

export type OrderLimitsSource = Pick<Order, 'minOrderValue'> & {
  logistic: Pick<NonNullable<Order['logistic']>, 'maxDistinctItems' | 'maxItemsAmout'> | null;
};

function present(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/** One pt-BR line per limit the order has; empty when it has none. */
export function orderLimitLines(order: OrderLimitsSource | null | undefined): string[] {
  if (!order) return [];
  const lines: string[] = [];
  const maxDistinct = order.logistic?.maxDistinctItems;
  const maxItems = order.logistic?.maxItemsAmout;
  if (present(maxDistinct)) lines.push(`Máximo de itens distintos: ${maxDistinct}`);
  if (present(maxItems)) lines.push(`Máximo de itens: ${maxItems}`);
  if (present(order.minOrderValue)) lines.push(`Valor mínimo do pedido: ${formatReais(order.minOrderValue)}`);
  return lines;
}
