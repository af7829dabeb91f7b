/** Prices as the checkout shows them: 'Grátis' for zero or empty (spec §2), else formatted BRL. */
import type { Order } from '@vitrine/contracts/order';
import { formatReais } from '@vitrine/contracts/money';

export function priceOrFree(reais: number | null | undefined): string {
  return reais ? formatReais(reais) : 'Grátis';
}

/** Whether the order has a delivery or pickup option set (not just the shop's limits). */
export function hasChosenLogistic(order: Pick<Order, 'logistic'>): boolean {
  return !!order.logistic && !order.logistic.limitsOnly && order.logistic.providerId !== '';
}

/** The summary's 'Entrega' amount: 'A calcular' until a logistic is set, then its price or 'Grátis'. */
export function deliveryText(order: Pick<Order, 'logistic'>, delivery: number | null | undefined): string {
  return hasChosenLogistic(order) ? priceOrFree(delivery) : 'A calcular';
}
