/** A shop's settings as the storefront reads them (spec §3): what the shop stored over the defaults. */
import type { ShopSettings } from '@vitrine/contracts/shop';
import type { ShopRow } from './repository.ts';

const DEFAULT_SETTINGS: Omit<ShopSettings, 'shopId' | 'slug' | 'name' | 'timeZone'> = {
  style: { defaultColor: '#1f6feb', secondaryColor: '#f5a623', urlLogo: null },
  channelSettings: [],
  whatsApp: null,
  webCatalogCallbackMessage: null,
  showCollections: [],
  hiddenInactiveProducts: false,
  disableRestrictedProducts: false,
  steps: ['Start', 'Catalog'],
  type: 'standard',
  hideAttributes: false,
  showSpecifications: false,
  enableCnpj: false,
  enableBirthDate: false,
  enableManualPrices: false,
  logistics: false,
  showSellerOptions: false,
  canUseCoupon: false,
  disableChargeOrders: false,
  allowShippingRestrictedProducts: false,
  externalLogistic: false,
  payment: { usingExternalGateway: false },
  shippingRestrictionMessage: null,
};

/** The shop settings of spec §3, with defaults for anything the shop did not set. */
export function settingsOf(shop: ShopRow): ShopSettings {
  // The payment methods the shop takes are kept beside the settings (paymentMethodsOf reads them), not in them.
  const { paymentMethods: _methods, ...stored } = shop.settings as Partial<ShopSettings> & {
    paymentMethods?: unknown;
  };
  return {
    ...DEFAULT_SETTINGS,
    ...stored,
    shopId: shop.id,
    slug: shop.slug,
    name: shop.name,
    timeZone: shop.time_zone,
  };
}
