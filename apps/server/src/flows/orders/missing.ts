/**
 * 'Falta definir' (issue 38): what a Received order still lacks before the shop can act on it — an order confirmed
 * from the customer link may arrive without a store, a payment method, a delivery choice, its address or its slot.
 * The order is ORDER_MISSING's (contracts/console-orders.ts); the board's rows and the detail carry it.
 */
import type { OrderMissing } from '@vitrine/contracts/console-orders';
import { LogisticType, OrderStatus, Step } from '@vitrine/contracts/enums';
import type { ShopSettings } from '@vitrine/contracts/shop';
import type { CheckoutState } from '../../modules/order/service.ts';

type Settings = Pick<ShopSettings, 'steps' | 'disableChargeOrders' | 'externalLogistic'>;

/**
 * What the order lacks, in order: the store when the shop's checkout has the seller step, the payment method
 * unless the shop takes orders without charging, the delivery option (unless an external logistic sets it), a
 * delivery's address, and the slot when the schedule step is on and an option is chosen. Only Received orders
 * lack anything: a paid (Finalized), cancelled or failed one is past it.
 */
export function missingOf(
  order: { status: number; checkout: CheckoutState | null; payment_method?: number | null },
  settings: Settings,
): OrderMissing[] {
  if (order.status !== OrderStatus.Received) return [];
  const k = order.checkout ?? ({} as Partial<CheckoutState>);
  const missing: OrderMissing[] = [];
  if (settings.steps.includes(Step.Seller) && !k.seller) missing.push('seller');
  const method = k.paymentMethod ?? order.payment_method ?? null;
  if (method === null && !settings.disableChargeOrders) missing.push('payment');
  if (!k.logistic) {
    if (!settings.externalLogistic) missing.push('delivery');
  } else if (k.logistic.type !== LogisticType.StorePickUp && !k.address) missing.push('address');
  if (settings.steps.includes(Step.Schedule) && k.logistic && !k.slot) missing.push('slot');
  return missing;
}
