import type { Db } from '../client.ts';
import { seedGifts } from './gifts.ts';
import { seedMessagingDemo } from './messaging.ts';
import { seedCheckoutDemo } from './checkout.ts';
import { seedPaymentsDemo } from './payments.ts';
import { buildHortifruti } from './hortifruti.ts';
import { buildModa } from './moda.ts';
import type { SeededShop, SeedShop } from './types.ts';
import { insertCategories, insertCollections, insertProducts, insertShop } from './write.ts';

/**
 * Writes one shop with its whole catalogue in a single transaction. Idempotent: when the slug already
 * exists nothing is written and the existing shop is returned with `created: false`.
 */
export async function seedShop(db: Db, shop: SeedShop): Promise<SeededShop> {
  return db.transaction(async (tx) => {
    const id = await insertShop(tx, shop);
    if (id === null) {
      const [existing] = await tx.query<{ id: string; slug: string; name: string }>(
        'select id, slug, name from shops where slug = $1',
        [shop.slug],
      );
      if (!existing) throw new Error(`Loja ${shop.slug} não encontrada após conflito`);
      return { ...existing, created: false };
    }
    const categoryIds = await insertCategories(tx, id, shop.categories);
    const productIds = await insertProducts(tx, id, categoryIds, shop.products);
    await insertCollections(tx, id, productIds, shop.collections);
    return { id, slug: shop.slug, name: shop.name, created: true };
  });
}

/** The demo shops, built deterministically (same provider ids, names and prices on every run). */
export function demoShops(): SeedShop[] {
  return [buildHortifruti(), buildModa()];
}

/** Seeds the two demo shops (`hortifruti`, `moda`) and their gift rules; skips what already exists. */
export async function seedDemo(db: Db): Promise<{ shops: SeededShop[] }> {
  const shops: SeededShop[] = [];
  for (const shop of demoShops()) {
    const seeded = await seedShop(db, shop);
    await seedGifts(db, seeded.id);
    shops.push(seeded);
  }
  await seedMessagingDemo(db);
  await seedCheckoutDemo(db);
  await seedPaymentsDemo(db);
  // PGlite never analyzes on its own: without statistics the search planner picks slow plans.
  if (shops.some((shop) => shop.created)) await db.query('analyze');
  return { shops };
}
