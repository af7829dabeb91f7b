import type { ShopSettings } from '@vitrine/contracts/shop';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { findShopById, findShopBySlug, type ShopRow } from './repository.ts';

const DEFAULT_SETTINGS: Omit<ShopSettings, 'shopId' | 'slug' | 'name'> = {
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
  };
}

/** Loads a shop; 404 when it does not exist. */
export async function getShop(db: Queryable, shopId: string): Promise<ShopRow> {
  const shop = await findShopById(db, shopId);
  if (!shop) throw notFound('shopNotFound');
  return shop;
}

/** The shop with this slug, or null (links carry the slug: `/catalog?shop=<slug>`). */
export async function findShopOfSlug(db: Queryable, slug: string): Promise<ShopRow | null> {
  return findShopBySlug(db, slug);
}

// Offered to other modules (a module imports another only through its service.ts: docs/architecture.md).
export { findShopBySlug, listShops, type ShopRow } from './repository.ts';
export { notifyShopChanged } from './repository.ts';
