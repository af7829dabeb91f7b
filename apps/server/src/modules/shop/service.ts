/** The shop module's public face: what routes, flows, plugins and other modules use of it (docs/architecture.md). */
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { findShopById, findShopBySlug, type ShopRow } from './repository.ts';

export { settingsOf } from './settings-defaults.ts';

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

// What routes, flows and plugins use of the module (issue 30: they import it through this face only).
export { logoBytes, normaliseLogo, storeLogo } from './logo.ts';
export { createShop } from './onboarding.ts';
export { feedTokenOf, isFeedToken, rotateFeedToken } from './feed-token.ts';
export { saveShopPaymentMethods, shopPaymentMethods } from './payment-methods.ts';
export { platformShop, platformShopSchema } from './platform-shop.ts';
export { SHOP_CHANGES_CHANNEL } from './repository.ts';
export {
  consoleSettingsOf,
  saveExternalLogistic,
  saveShopSettings,
  shopExternalLogistic,
} from './settings.ts';
