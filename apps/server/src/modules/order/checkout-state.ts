/**
 * The agent checkout state of an order (`orders.checkout` jsonb) and its projection onto the order's wire form.
 * Pure: the order module's serializer calls `checkoutWire`, so this file imports nothing from the order module.
 */
import type { PaymentMethods } from '@vitrine/contracts/console-payment-methods';
import { centsToReais } from '@vitrine/contracts/money';
import type { Order } from '@vitrine/contracts/order';
import type { ShopSettings } from '@vitrine/contracts/shop';

/** The chosen logistic as copied when selected (prices in centavos, limits null = none). */
export type ChosenLogistic = {
  providerId: string;
  type: number;
  name: string;
  priceCents: number;
  freeAboveCents: number | null;
  orderMinPriceCents: number | null;
  maxDistinctItems: number | null;
  maxItems: number | null;
  shippingTimeEstimative: string | null;
  storePickUpAddress: { name: string; street: string; number: string; neighborhood: string } | null;
  sellerId: string | null;
  manual: boolean;
};

export type CheckoutState = {
  sellerId?: string | null;
  seller?: { providerId: string; name: string; serviceTaxCents: number } | null;
  priceTableId?: string | null;
  logisticType?: number | null;
  addressId?: string | null;
  address?: { fullAddress: string; zipCode: string } | null;
  logistic?: ChosenLogistic | null;
  slotId?: string | null;
  slot?: { day: string; startTime: string; endTime: string } | null;
  paymentMethod?: number | null;
  paymentOption?: { providerId: string; group: string | null; cashAmountCents: number | null } | null;
  manualPaymentInformation?: string | null;
  couponCode?: string | null;
  coupon?: { id: string; kind: 'percentage' | 'fixed'; value: number; minOrderCents: number } | null;
  /** The manual discount as the agent set it; applied up to the items amount less the coupon (orderAmounts). */
  manualDiscountCents?: number;
  /**
   * Who sold it, copied at the agent's confirm (the agent's name; the console user who opened the session, if
   * one did): the reports' split by agent (decision 0056). Absent: the customer's own order.
   */
  agent?: { id: string; name: string; staffUserId: string | null } | null;
};

/** Limits the §5 blocking rules read from the chosen logistic (null when none is chosen). */
export function chosenLimits(checkout: CheckoutState | undefined) {
  const logistic = checkout?.logistic;
  if (!logistic) return null;
  return {
    orderMinPriceCents: logistic.orderMinPriceCents,
    maxDistinctItems: logistic.maxDistinctItems,
    maxItems: logistic.maxItems,
  };
}

/** Delivery price actually charged: free above the option's threshold. */
export function deliveryCents(checkout: CheckoutState, itemsCents: number): number {
  const logistic = checkout.logistic;
  if (!logistic) return 0;
  if (logistic.freeAboveCents !== null && itemsCents >= logistic.freeAboveCents) return 0;
  return logistic.priceCents;
}

/** Delivery (free above its threshold) plus the seller's service fee: what the checkout adds to the total. */
export function checkoutFeesCents(checkout: CheckoutState | undefined, itemsCents: number): number {
  if (!checkout) return 0;
  return deliveryCents(checkout, itemsCents) + (checkout.seller?.serviceTaxCents ?? 0);
}

/** Order wire fields that come from the checkout state (spec §3 Order: seller, coupon, logistic, customer…). */
export function checkoutWire(
  checkout: CheckoutState,
  settings: ShopSettings,
  amounts: { itemsCents: number; couponDiscountCents: number; manualDiscountCents: number },
  hasSubscription: boolean,
  /** The methods the shop takes (console 'Pagamentos › Formas de pagamento'; paymentMethodsOf gives the defaults). */
  accepts: PaymentMethods,
): Pick<
  Order,
  | 'seller'
  | 'coupon'
  | 'customer'
  | 'providerPriceTableId'
  | 'payment'
  | 'enableCreditPayment'
  | 'enablePixPayment'
  | 'enableLinkPayment'
  | 'enableBoletoPayment'
  | 'enableNubankPayment'
  | 'enablePagalevePayment'
> & { logistic: Order['logistic'] | null; checkout: NonNullable<Order['checkout']> } {
  const l = checkout.logistic;
  const { itemsCents } = amounts;
  const charging = !settings.disableChargeOrders;
  return {
    seller: checkout.seller
      ? {
          providerId: checkout.seller.providerId,
          name: checkout.seller.name,
          serviceTax: centsToReais(checkout.seller.serviceTaxCents),
        }
      : null,
    coupon: checkout.couponCode ?? null,
    customer: { address: checkout.address ?? null },
    providerPriceTableId: checkout.priceTableId ?? null,
    payment: { link: null, method: checkout.paymentMethod ?? null },
    enableCreditPayment: charging && accepts.creditCard,
    enablePixPayment: charging && !hasSubscription && accepts.pix,
    enableLinkPayment: charging && accepts.link,
    enableBoletoPayment: charging && !hasSubscription && accepts.boleto,
    enableNubankPayment: charging && accepts.nubank,
    enablePagalevePayment: charging && accepts.pagaleve,
    logistic: l
      ? {
          type: l.type,
          providerId: l.providerId,
          name: l.name,
          price: centsToReais(deliveryCents(checkout, itemsCents)),
          storePickUpAddress: l.storePickUpAddress,
          startDeliveryTime: checkout.slot ? `${checkout.slot.day} ${checkout.slot.startTime}` : null,
          shippingTimeEstimative: l.shippingTimeEstimative,
          maxDistinctItems: l.maxDistinctItems,
          maxItemsAmout: l.maxItems,
          orderMinPrice: l.orderMinPriceCents === null ? null : centsToReais(l.orderMinPriceCents),
        }
      : null,
    checkout: {
      logisticType: checkout.logisticType ?? null,
      addressId: checkout.addressId ?? null,
      slot: checkout.slot ?? null,
      paymentOption: checkout.paymentOption
        ? {
            providerId: checkout.paymentOption.providerId,
            group: checkout.paymentOption.group,
            cashAmount:
              checkout.paymentOption.cashAmountCents === null
                ? null
                : centsToReais(checkout.paymentOption.cashAmountCents),
          }
        : null,
      couponDiscount: centsToReais(amounts.couponDiscountCents),
      manualDiscount: centsToReais(amounts.manualDiscountCents),
      delivery: centsToReais(deliveryCents(checkout, itemsCents)),
      serviceFee: centsToReais(checkout.seller?.serviceTaxCents ?? 0),
    },
  };
}
