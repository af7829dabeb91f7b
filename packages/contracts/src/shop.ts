import { z } from 'zod';
import { STEPS } from './enums.ts';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const shopStyle = z.object({
  defaultColor: hexColor,
  secondaryColor: hexColor,
  urlLogo: z.string().nullable(),
});
export type ShopStyle = z.infer<typeof shopStyle>;

/** Shop settings of spec §3 as the client reads them from `GET /api/shop/settings`. */
export const shopSettings = z.object({
  shopId: z.string(),
  slug: z.string(),
  name: z.string(),
  style: shopStyle,
  channelSettings: z.array(z.object({ channelId: z.number().int(), style: shopStyle })),
  whatsApp: z.string().nullable(),
  webCatalogCallbackMessage: z.string().nullable(),
  showCollections: z.array(z.object({ providerId: z.string(), name: z.string() })),
  hiddenInactiveProducts: z.boolean(),
  disableRestrictedProducts: z.boolean(),
  steps: z.array(z.enum(STEPS as [string, ...string[]])),
  type: z.enum(['manual', 'standard']),
  hideAttributes: z.boolean(),
  showSpecifications: z.boolean(),
  enableCnpj: z.boolean(),
  enableBirthDate: z.boolean(),
  enableManualPrices: z.boolean(),
  logistics: z.boolean(),
  showSellerOptions: z.boolean(),
  canUseCoupon: z.boolean(),
  disableChargeOrders: z.boolean(),
  allowShippingRestrictedProducts: z.boolean(),
  externalLogistic: z.boolean(),
  payment: z.object({ usingExternalGateway: z.boolean() }),
  shippingRestrictionMessage: z.string().nullable(),
  /** The shop's IANA time zone: its days, slots and cut-offs are shown in it (decision 0043). */
  timeZone: z.string(),
});
export type ShopSettings = z.infer<typeof shopSettings>;
