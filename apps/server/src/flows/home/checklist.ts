/**
 * The first-run checklist of the console's home: what the shop still lacks before its link works, each item
 * read from the database (logo and colours, a product, a delivery or pickup option, a payment method — a
 * payment account or a Pix key —, the WhatsApp number), and the link a customer opens.
 */
import type { Checklist } from '@vitrine/contracts/console';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { hasActiveProduct } from '../../modules/catalog/service.ts';
import { hasLogisticOption } from '../../modules/logistics/service.ts';
import { findShopPix, hasPaymentAccount } from '../../modules/payment/service.ts';
import { getShop, settingsOf } from '../../modules/shop/service.ts';

export async function shopChecklist(db: Db, config: Config, shopId: string): Promise<Checklist> {
  const shop = settingsOf(await getShop(db, shopId));
  const [products, logistics, account, pix] = await Promise.all([
    hasActiveProduct(db, shopId),
    hasLogisticOption(db, shopId),
    hasPaymentAccount(db, shopId),
    findShopPix(db, shopId),
  ]);
  const done = {
    style: Boolean(shop.style.urlLogo),
    products,
    logistics,
    payment: account || Boolean(pix),
    whatsApp: Boolean(shop.whatsApp),
  };
  return {
    shop: { slug: shop.slug, name: shop.name },
    items: (Object.keys(done) as (keyof typeof done)[]).map((key) => ({ key, done: done[key] })),
    customerLink: `${config.publicUrl}/catalog?shop=${shop.slug}`,
  };
}
