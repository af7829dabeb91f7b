/**
 * A new shop (platform onboarding): sensible Brazilian defaults — São Paulo time unless the body names a zone, the usual checkout steps
 * (identify, delivery, payment), CPF/CNPJ and birth date asked, coupons off — that the owner then adjusts.
 */
import type { CreateShopBody } from '@vitrine/contracts/console';
import type { ShopSettings } from '@vitrine/contracts/shop';
import { DEFAULT_TIME_ZONE } from '@vitrine/contracts/shop-time';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { insertShopRow } from './repository.ts';

type StoredSettings = Omit<ShopSettings, 'shopId' | 'slug' | 'name' | 'timeZone'>;

/** The settings a new shop starts with; `given` sets its WhatsApp number and colours. */
export function newShopSettings(given: CreateShopBody['settings'] = {}): StoredSettings {
  return {
    style: {
      defaultColor: given.defaultColor ?? '#1f6feb',
      secondaryColor: given.secondaryColor ?? '#f5a623',
      urlLogo: null,
    },
    channelSettings: [],
    whatsApp: given.whatsApp ?? null,
    webCatalogCallbackMessage: 'Olá! Acabei de montar meu pedido pelo catálogo.',
    showCollections: [],
    hiddenInactiveProducts: true,
    disableRestrictedProducts: false,
    steps: ['Start', 'Catalog', 'Identify', 'Logistic', 'Payment'],
    type: 'standard',
    hideAttributes: false,
    showSpecifications: true,
    enableCnpj: true,
    enableBirthDate: false,
    enableManualPrices: false,
    logistics: true,
    showSellerOptions: false,
    canUseCoupon: false,
    disableChargeOrders: false,
    allowShippingRestrictedProducts: false,
    externalLogistic: false,
    payment: { usingExternalGateway: false },
    shippingRestrictionMessage: null,
  };
}

/** Creates the shop; 409 shopSlugTaken when its slug is in use. */
export async function createShop(tx: Queryable, body: CreateShopBody) {
  const shop = {
    id: newId('shp'),
    slug: body.slug,
    name: body.name,
    timeZone: body.timeZone ?? DEFAULT_TIME_ZONE,
    settings: newShopSettings(body.settings),
  };
  if (!(await insertShopRow(tx, shop))) throw new AppError('conflict', 'shopSlugTaken', { slug: body.slug });
  return { id: shop.id, slug: shop.slug, name: shop.name };
}
