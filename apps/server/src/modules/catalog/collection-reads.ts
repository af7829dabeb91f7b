/** What the console's collections page reads: the shop's collections in order and one with its products. */
import type {
  CollectionProduct,
  ConsoleCollection,
  ConsoleCollectionDetail,
} from '@vitrine/contracts/console-collections';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { getShop, settingsOf } from '../shop/service.ts';

async function shownCodes(db: Queryable, shopId: string) {
  return new Set(settingsOf(await getShop(db, shopId)).showCollections.map((c) => c.providerId));
}

/** Every collection of the shop in its order, with its product count and whether the storefront shows it. */
export async function listConsoleCollections(db: Queryable, shopId: string): Promise<ConsoleCollection[]> {
  const [rows, shown] = await Promise.all([
    db.query<Omit<ConsoleCollection, 'isShown'>>(
      `select c.provider_id as code, c.name,
              (select count(*)::int from collection_products x where x.collection_id = c.id) as "productCount"
         from collections c where c.shop_id = $1
        order by c.position, c.name, c.id`,
      [shopId],
    ),
    shownCodes(db, shopId),
  ]);
  return rows.map((c) => ({ ...c, isShown: shown.has(c.code) }));
}

/** One collection with its products in order (inactive ones too: the console shows them as such). */
export async function readConsoleCollection(
  db: Queryable,
  shopId: string,
  code: string,
): Promise<ConsoleCollectionDetail> {
  const [collection] = await db.query<{ id: string; code: string; name: string }>(
    'select id, provider_id as code, name from collections where shop_id = $1 and provider_id = $2',
    [shopId, code],
  );
  if (!collection) throw new AppError('notFound', 'catalogCollectionNotFound');
  const [products, shown] = await Promise.all([
    db.query<CollectionProduct>(
      `select p.provider_id as code, p.name, p.price_cents as "priceCents", p.is_active as "isActive",
              (select i.url from product_images i where i.product_id = p.id order by i.position, i.id limit 1)
                as "imageUrl"
         from collection_products x join products p on p.id = x.product_id
        where x.collection_id = $1
        order by x.position, p.name, p.id`,
      [collection.id],
    ),
    shownCodes(db, shopId),
  ]);
  return {
    code: collection.code,
    name: collection.name,
    productCount: products.length,
    isShown: shown.has(collection.code),
    products,
  };
}
