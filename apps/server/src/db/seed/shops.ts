import type { SeedShopHeader, StoredShopSettings } from './types.ts';
import { logoUrl } from './util.ts';

export const HORTIFRUTI_COLLECTIONS = [
  { providerId: 'ofertas-da-semana', name: 'Ofertas da Semana' },
  { providerId: 'feira-organica', name: 'Feira Orgânica' },
] as const;

export const MODA_COLLECTIONS = [
  { providerId: 'lancamentos', name: 'Lançamentos' },
  { providerId: 'liquida-verao', name: 'Liquida Verão' },
] as const;

const hortifrutiSettings: StoredShopSettings = {
  style: { defaultColor: '#1f7a3a', secondaryColor: '#f28c28', urlLogo: logoUrl('hortifruti') },
  channelSettings: [
    // Instagram (channel 3) gets its own purple look.
    {
      channelId: 3,
      style: { defaultColor: '#7b2cbf', secondaryColor: '#e1306c', urlLogo: logoUrl('hortifruti') },
    },
  ],
  whatsApp: '5511987654321',
  webCatalogCallbackMessage: 'Olá! Acabei de montar meu pedido pelo catálogo.',
  showCollections: HORTIFRUTI_COLLECTIONS.map((c) => ({ ...c })),
  hiddenInactiveProducts: false,
  disableRestrictedProducts: true,
  steps: ['Start', 'Catalog', 'Identify', 'Logistic', 'Payment', 'Schedule'],
  type: 'standard',
  hideAttributes: false,
  showSpecifications: true,
  enableCnpj: true,
  enableBirthDate: true,
  enableManualPrices: true,
  logistics: true,
  showSellerOptions: false,
  canUseCoupon: true,
  disableChargeOrders: false,
  allowShippingRestrictedProducts: false,
  externalLogistic: false,
  payment: { usingExternalGateway: false },
  shippingRestrictionMessage: 'Alguns itens do pedido estão disponíveis apenas para retirada na loja.',
};

const modaSettings: StoredShopSettings = {
  style: { defaultColor: '#111111', secondaryColor: '#e91e63', urlLogo: logoUrl('moda') },
  channelSettings: [],
  whatsApp: '5521998765432',
  webCatalogCallbackMessage: 'Oi! Montei minha sacola na Moda Vitrine.',
  showCollections: MODA_COLLECTIONS.map((c) => ({ ...c })),
  hiddenInactiveProducts: true,
  disableRestrictedProducts: false,
  steps: ['Start', 'Catalog', 'Seller', 'Identify', 'Logistic', 'Payment'],
  type: 'standard',
  hideAttributes: false,
  showSpecifications: true,
  enableCnpj: false,
  enableBirthDate: true,
  enableManualPrices: false,
  logistics: true,
  showSellerOptions: true,
  canUseCoupon: true,
  disableChargeOrders: false,
  allowShippingRestrictedProducts: true,
  externalLogistic: false,
  payment: { usingExternalGateway: true },
  shippingRestrictionMessage: null,
};

export const HORTIFRUTI_SHOP: SeedShopHeader = {
  slug: 'hortifruti',
  name: 'Hortifruti Bom Preço',
  settings: hortifrutiSettings,
  minOrderValueCents: 3000,
  maxDistinctItems: 30,
  maxItems: 100,
};

export const MODA_SHOP: SeedShopHeader = {
  slug: 'moda',
  name: 'Moda Vitrine',
  settings: modaSettings,
  minOrderValueCents: null,
  maxDistinctItems: null,
  maxItems: null,
};

export const BENCH_OFFERS = { providerId: 'ofertas', name: 'Ofertas' } as const;

/** Settings of a benchmark shop: a plain standard storefront. */
export function benchShopHeader(slug: string): SeedShopHeader {
  return {
    slug,
    name: `Mercado ${slug
      .split('-')
      .filter(Boolean)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(' ')}`,
    settings: {
      ...hortifrutiSettings,
      style: { defaultColor: '#1d4ed8', secondaryColor: '#f59e0b', urlLogo: logoUrl(slug) },
      channelSettings: [],
      whatsApp: null,
      webCatalogCallbackMessage: null,
      showCollections: [{ ...BENCH_OFFERS }],
      enableManualPrices: false,
    },
    minOrderValueCents: null,
    maxDistinctItems: null,
    maxItems: null,
  };
}
