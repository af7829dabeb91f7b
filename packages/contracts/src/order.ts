import { z } from 'zod';

const reais = z.number();

export const itemAttribute = z.object({
  providerId: z.string(),
  optionProviderId: z.string(),
  redirectable: z.boolean(),
});

export const subscription = z.object({ recurrenceType: z.number().int(), frequency: z.number().int() });

/** Order item of spec §3. Amounts are reais with two decimals on the wire. */
export const orderItem = z.object({
  index: z.number().int(),
  providerId: z.string(),
  quantity: z.number(),
  attributes: z.array(itemAttribute),
  sku: z.string(),
  subscription: subscription.nullable(),
  preferences: z.string().nullable(),
  name: z.string(),
  images: z.array(z.string()),
  unitPrice: reais,
  promotionalPrice: reais.nullable(),
  totalAmout: reais,
  isGift: z.boolean(),
  sellerId: z.string().nullable(),
  priceTags: z.array(z.object({ identifier: z.string() })),
  hasShippingRestriction: z.boolean(),
  soldInKilo: z.boolean(),
  /**
   * Kilos one unit of `quantity` weighs on a kilo line (the line weighs quantity × amountInKilo; its price per kg
   * is the portion's price ÷ amountInKilo: format.ts lineWeightKg, kiloPriceCents); null on unit lines. Vitrine's
   * addition to spec §3 (issue 38).
   */
  amountInKilo: z.number().nullable().optional(),
  /** Units (grams for kilo products) left of the line's unit when tracked without backorder; null: unlimited. */
  stockLeft: z.number().int().nullable().optional(),
});
export type OrderItem = z.infer<typeof orderItem>;

export const giftGroup = z.object({
  id: z.string(),
  availableQuantity: z.number().int(),
  availableGifts: z.array(
    z.object({
      id: z.string(),
      seller: z.string().nullable(),
      name: z.string(),
      imageUrl: z.string().nullable(),
    }),
  ),
  selectedGifts: z.array(
    z.object({ id: z.string(), seller: z.string().nullable(), index: z.number().int() }),
  ),
});
export type GiftGroup = z.infer<typeof giftGroup>;

export const orderLogistic = z.object({
  type: z.number().int(),
  providerId: z.string(),
  name: z.string(),
  price: reais,
  storePickUpAddress: z
    .object({ name: z.string(), street: z.string(), number: z.string(), neighborhood: z.string() })
    .nullable(),
  startDeliveryTime: z.string().nullable(),
  shippingTimeEstimative: z.string().nullable(),
  maxDistinctItems: z.number().int().nullable(),
  maxItemsAmout: z.number().int().nullable(),
  orderMinPrice: reais.nullable(),
  /**
   * True while no logistic is chosen: the object then only carries the shop's limits (maxDistinctItems,
   * maxItemsAmout; orderMinPrice null because the shop minimum is `order.minOrderValue`), with providerId ''.
   */
  limitsOnly: z.boolean().optional(),
});

/** Order of spec §3: the single source of truth for the cart and checkout. */
export const order = z.object({
  id: z.string(),
  /**
   * Bumped by every change of the order (Vitrine's addition to spec §3): the live order's events carry it, and a
   * screen never shows an older version over a newer one (docs/decisions/0026). Absent only in old fixtures.
   */
  version: z.number().int().optional(),
  /** The shop's order number ('Pedido nº 12'), given when the order is placed; null while it is open. */
  number: z.number().int().nullable().optional(),
  userId: z.string(),
  items: z.array(orderItem),
  gifts: z.array(giftGroup),
  gateway: z.number().int(),
  payment: z.object({ link: z.string().nullable(), method: z.number().int().nullable() }),
  totalAmout: reais,
  discountAmout: reais,
  itemsAmout: reais,
  minOrderValue: reais.nullable(),
  status: z.number().int(),
  seller: z.object({ providerId: z.string(), name: z.string(), serviceTax: reais }).nullable(),
  coupon: z.string().nullable(),
  logistic: orderLogistic.nullable(),
  customer: z.object({ address: z.object({ fullAddress: z.string(), zipCode: z.string() }).nullable() }),
  providerPriceTableId: z.string().nullable(),
  recaptchaKey: z.string().nullable(),
  enablePreferences: z.boolean(),
  enableDelivery: z.boolean(),
  enablePickUp: z.boolean(),
  enableCreditPayment: z.boolean(),
  enablePixPayment: z.boolean(),
  enableNubankPayment: z.boolean(),
  enablePagalevePayment: z.boolean(),
  enableLinkPayment: z.boolean(),
  enableBoletoPayment: z.boolean(),
  isInSemiAutomatic: z.boolean(),
  isAnonymousUser: z.boolean(),
  catalogErrorMessages: z.array(z.string()),
  /** Spec §5 blocking messages (shown under 'Atenção:'); the customer confirm is refused while any exists. */
  blockingMessages: z.array(z.string()),
  assistantInformations: z.object({ searchTerms: z.array(z.string()), productsIds: z.array(z.string()) }),
  /**
   * The card plan chosen on the card page (`POST /api/order/payment/credit/installments`, issue 7); when set,
   * `totalAmout` is the plan's total (interest included). Reais.
   */
  cardPlan: z
    .object({
      providerId: z.string(),
      installments: z.number().int(),
      installmentValue: z.number(),
      total: z.number(),
      interestFree: z.boolean(),
    })
    .nullable()
    .optional(),
  /** Agent checkout choices and the amounts of the summary (issue 5); reais. */
  checkout: z
    .object({
      logisticType: z.number().int().nullable(),
      addressId: z.string().nullable(),
      slot: z.object({ day: z.string(), startTime: z.string(), endTime: z.string() }).nullable(),
      paymentOption: z
        .object({ providerId: z.string(), group: z.string().nullable(), cashAmount: reais.nullable() })
        .nullable(),
      couponDiscount: reais,
      manualDiscount: reais,
      delivery: reais,
      serviceFee: reais,
    })
    .optional(),
});
export type Order = z.infer<typeof order>;
