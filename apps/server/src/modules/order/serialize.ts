import { paymentMethodsOf } from '@vitrine/contracts/console-payment-methods';
import { OrderStatus } from '@vitrine/contracts/enums';
import { errorMessage } from '@vitrine/contracts/errors';
import { centsToReais, formatBRL } from '@vitrine/contracts/money';
import type { Order, OrderItem } from '@vitrine/contracts/order';
import { stockShortMessage } from '@vitrine/contracts/stock';
import { checkoutWire, chosenLimits, type CheckoutState } from './checkout-state.ts';
import type { ShopRow } from '../shop/service.ts';
import { settingsOf } from '../shop/service.ts';
import { giftGroups, type GiftRule } from './gift-rules.ts';
import type { OrderItemRow } from './line-repository.ts';
import {
  blockingIssues,
  blockingMessages,
  orderAmounts,
  type OrderAmounts,
  type OrderLimits,
} from './pricing.ts';
import type { OrderRow } from './repository.ts';

/** An order with everything its wire form needs. */
export type OrderState = { order: OrderRow; shop: ShopRow; items: OrderItemRow[]; giftRules: GiftRule[] };

/**
 * The limits the blocking rules read while no logistic is chosen: the shop's minimum order value
 * (order.minOrderValue) and its distinct-item and item-count maximums (logistic.maxDistinctItems / maxItemsAmout).
 */
export function orderLimits(shop: ShopRow, checkout?: CheckoutState): OrderLimits {
  const chosen = chosenLimits(checkout);
  if (chosen) return { minOrderValueCents: shop.min_order_value_cents, ...chosen };
  return {
    minOrderValueCents: shop.min_order_value_cents,
    orderMinPriceCents: null,
    maxDistinctItems: shop.max_distinct_items,
    maxItems: shop.max_items,
  };
}

/** The limits-only logistic placeholder: no logistic chosen (providerId ''), the shop's item limits. */
function limitsOnlyLogistic(limits: OrderLimits): NonNullable<Order['logistic']> {
  return {
    type: 0,
    providerId: '',
    name: '',
    price: 0,
    storePickUpAddress: null,
    startDeliveryTime: null,
    shippingTimeEstimative: null,
    maxDistinctItems: limits.maxDistinctItems,
    maxItemsAmout: limits.maxItems,
    orderMinPrice: limits.orderMinPriceCents === null ? null : centsToReais(limits.orderMinPriceCents),
    limitsOnly: true,
  };
}

function serializeItem(item: OrderItemRow): OrderItem {
  return {
    index: item.line_index,
    providerId: item.product_provider_id,
    quantity: item.quantity,
    attributes: item.attributes,
    sku: item.sku,
    subscription: item.subscription,
    preferences: item.preferences,
    name: item.name,
    images: item.image_url ? [item.image_url] : [],
    unitPrice: centsToReais(item.unit_price_cents),
    promotionalPrice:
      item.promotional_price_cents === null ? null : centsToReais(item.promotional_price_cents),
    totalAmout: centsToReais(item.total_cents),
    isGift: item.is_gift,
    sellerId: item.seller_id,
    priceTags: [],
    hasShippingRestriction: item.has_shipping_restriction,
    soldInKilo: item.sold_in_kilo,
    amountInKilo: item.sold_in_kilo ? (item.amount_in_kilo ?? null) : null,
    stockLeft: item.stock_left ?? null,
  };
}

/** An open order's lines asking more than their unit has left: "Só restam 2 unidades de …" (decision 0044). */
function stockShortLines(items: OrderItemRow[]): string[] {
  return items
    .filter((item) => !item.is_gift && item.stock_left != null)
    .filter((item) => stockNeed(item) > item.stock_left!)
    .map((item) => stockShortMessage(item.name, item.stock_left!, item.sold_in_kilo));
}

/** Units (grams for kilo products) a line holds at confirm: what migration 0050's hold computes. */
export function stockNeed(item: OrderItemRow): number {
  return item.sold_in_kilo
    ? Math.round(item.quantity * (item.amount_in_kilo ?? 1) * 1000)
    : Math.ceil(item.quantity);
}

/** Why a kept coupon gives nothing now (docs/decisions/0007 addendum): shown, not blocking. */
function couponNotice(checkout: CheckoutState | undefined, amounts: OrderAmounts): string[] {
  const coupon = checkout?.coupon;
  if (!coupon || !amounts.couponBelowMinimum) return [];
  const params = { code: checkout.couponCode ?? '', amount: formatBRL(coupon.minOrderCents) };
  return [errorMessage('couponBelowMinimum', params)];
}

/** The wire form of an order (spec §3 Order): reais with two decimals, the spec's field spellings. */
export function serializeOrder({ order, shop, items, giftRules }: OrderState): Order {
  const limits = orderLimits(shop, order.checkout);
  const open = order.status === OrderStatus.Creating;
  const amounts = orderAmounts(order.checkout, order.items_amount_cents);
  const checkout = checkoutWire(
    order.checkout ?? {},
    settingsOf(shop),
    amounts,
    items.some((item) => item.subscription !== null),
    paymentMethodsOf(shop.settings),
  );
  return {
    id: order.id,
    number: order.number ?? null,
    version: order.version,
    userId: order.user_id,
    items: items.map(serializeItem),
    gifts: open ? giftGroups(giftRules, items, order.items_amount_cents) : [],
    gateway: order.gateway,
    payment: checkout.payment,
    totalAmout: centsToReais(order.total_cents),
    discountAmout: centsToReais(order.discount_cents),
    itemsAmout: centsToReais(order.items_amount_cents),
    minOrderValue: limits.minOrderValueCents === null ? null : centsToReais(limits.minOrderValueCents),
    status: order.status,
    seller: checkout.seller,
    coupon: checkout.coupon,
    logistic: checkout.logistic ?? limitsOnlyLogistic(limits),
    customer: checkout.customer,
    providerPriceTableId: checkout.providerPriceTableId,
    recaptchaKey: null,
    enablePreferences: false,
    enableDelivery: true,
    enablePickUp: true,
    enableCreditPayment: checkout.enableCreditPayment,
    enablePixPayment: checkout.enablePixPayment,
    enableNubankPayment: checkout.enableNubankPayment,
    enablePagalevePayment: checkout.enablePagalevePayment,
    enableLinkPayment: checkout.enableLinkPayment,
    enableBoletoPayment: checkout.enableBoletoPayment,
    isInSemiAutomatic: order.is_in_semi_automatic,
    isAnonymousUser: order.user_id.includes('anonymous'),
    catalogErrorMessages: [
      ...items
        .filter((item) => !item.purchasable)
        .map((item) => errorMessage('orderItemUnavailable', { name: item.name })),
      ...(open ? stockShortLines(items) : []),
      ...(open ? couponNotice(order.checkout, amounts) : []),
    ],
    blockingMessages: open ? blockingMessages(blockingIssues(limits, items, order.items_amount_cents)) : [],
    assistantInformations: {
      searchTerms: order.assistant_search_terms,
      productsIds: order.assistant_product_ids,
    },
    checkout: checkout.checkout,
  };
}
