/**
 * Shop settings reach new storefront loads at once on every instance (docs/decisions/0021-shop-settings.md):
 * a save sends NOTIFY on `vitrine_shop_changes` in its transaction; every instance LISTENs and drops what it
 * keeps of that shop — catalogue answers and first views (`<shopId>|…` in the catalogue cache), cached open
 * orders (which carry the shop row) and the products a cart change prices from. Catalogue edits in the console
 * send the same NOTIFY (flows/catalog/edit.ts). A lost LISTEN connection is opened again after 1 s (db/listener.ts) and then every catalogue
 * answer is dropped (open orders then keep the old settings for at most CATALOG_CACHE_SECONDS). The saving
 * instance also drops at once, after its commit.
 */
import type { FastifyInstance } from 'fastify';
import { forgetShopOrders, forgetShopProducts } from '../modules/order/service.ts';
import { SHOP_CHANGES_CHANNEL } from '../modules/shop/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drops this instance's cached answers of the shop (the other instances hear it from the database). */
    forgetShop(shopId: string): void;
  }
}

const SHOP_ID = /^[a-z0-9_-]{1,64}$/;

export async function registerShopChanges(app: FastifyInstance) {
  const forget = (shopId: string) => {
    app.readReplicas?.changed(shopId); // refilled from the primary or a replica past the change (decision 0060)
    app.catalogCache.deletePrefix(`${shopId}|`);
    forgetShopOrders(shopId);
    forgetShopProducts(shopId);
  };
  app.decorate('forgetShop', forget);
  try {
    const stop = await app.db.listen(SHOP_CHANGES_CHANNEL, (shopId) => {
      if (shopId === null) {
        app.readReplicas?.changed(null);
        app.catalogCache.clear();
      } else if (SHOP_ID.test(shopId)) forget(shopId);
    });
    app.addHook('onClose', async () => {
      await stop();
    });
  } catch (error) {
    // Without LISTEN other instances' saves reach this one's caches within their TTL (CATALOG_CACHE_SECONDS).
    app.log.error({ err: error }, 'shop changes: LISTEN failed');
  }
}
