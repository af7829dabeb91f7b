/** Console settings test helpers: a valid settings body and small images for the logo upload. */
import type { SettingsBody } from '@vitrine/contracts/console-settings';
import sharp from 'sharp';
import { newShopSettings } from '../modules/shop/onboarding.ts';

/**
 * A valid body for `PUT …/settings`: a new shop's settings (`newShopSettings`, the onboarding defaults) with a
 * field of each kind changed — colours, a channel style, WhatsApp, a collection, steps, the type, a message and
 * the order limits — so a save of it changes something everywhere. `overrides` replaces settings fields.
 */
export function validSettingsBody(overrides: Partial<SettingsBody['settings']> = {}): SettingsBody {
  return {
    settings: {
      ...newShopSettings(),
      style: { defaultColor: '#7b1fa2', secondaryColor: '#ffb300', urlLogo: null },
      channelSettings: [
        { channelId: 2, style: { defaultColor: '#006d77', secondaryColor: '#ffffff', urlLogo: null } },
      ],
      whatsApp: '5511987651234',
      webCatalogCallbackMessage: 'Oi! Fechei meu pedido pelo catálogo.',
      showCollections: [{ providerId: 'verao', name: 'Verão' }],
      steps: ['Start', 'Catalog', 'Identify', 'Logistic', 'Payment', 'Schedule'],
      type: 'manual',
      enableBirthDate: true,
      canUseCoupon: true,
      shippingRestrictionMessage: 'Alguns itens só podem ser retirados na loja.',
      ...overrides,
    },
    limits: { minOrderValueCents: 5_000, maxDistinctItems: 30, maxItems: 200 },
  };
}

/** A `width`×`height` image of one colour, base64, in `format`. */
export async function imageBase64(width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') {
  const image = sharp({ create: { width, height, channels: 3, background: '#c2185b' } });
  return (await image.toFormat(format).toBuffer()).toString('base64');
}
