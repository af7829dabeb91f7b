/**
 * Pure helpers over the lines of an order (spec §3 Order item): finding the line a product page or card
 * adds to, and the texts a line shows.
 */
import type { Order, OrderItem } from '@vitrine/contracts/order';
import { subscriptionFrequencyText } from '@vitrine/contracts/format';

export interface LineKey {
  providerId: string;
  /** The variant's (or product's) sku; a line of another sku is another line. */
  sku?: string | null;
  subscription?: { recurrenceType: number; frequency: number } | null;
}

function sameSubscription(a: LineKey['subscription'], b: OrderItem['subscription']): boolean {
  if (!a || !b) return !a && !b;
  return a.recurrenceType === b.recurrenceType && a.frequency === b.frequency;
}

/** The non-gift line holding this product + variant + subscription, or null. */
export function findOrderLine(
  order: Pick<Order, 'items'> | null | undefined,
  key: LineKey,
): OrderItem | null {
  if (!order) return null;
  return (
    order.items.find(
      (item) =>
        !item.isGift &&
        item.providerId === key.providerId &&
        (!key.sku || item.sku === key.sku) &&
        sameSubscription(key.subscription, item.subscription),
    ) ?? null
  );
}

/** The line quantity after adding `quantity` more of it (absolute, as `POST /api/order/items/` takes it). */
export function quantityAfterAdding(
  order: Pick<Order, 'items'> | null | undefined,
  key: LineKey,
  quantity: number,
): number {
  return (findOrderLine(order, key)?.quantity ?? 0) + quantity;
}

/** 'Assinatura: a cada 2 Semanas' for a subscribed line, '' otherwise. */
export function lineSubscriptionText(subscription: OrderItem['subscription']): string {
  if (!subscription) return '';
  const frequency = subscriptionFrequencyText(subscription.recurrenceType, subscription.frequency);
  return frequency ? `Assinatura: a cada ${frequency}` : '';
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'Tamanho: M · Cor: Preto' from a line's attributes (the wire carries ids, not display names). */
export function lineAttributesText(attributes: OrderItem['attributes']): string {
  return attributes
    .map(({ providerId, optionProviderId }) => `${capitalize(providerId)}: ${capitalize(optionProviderId)}`)
    .join(' · ');
}
