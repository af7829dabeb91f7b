import type { Queryable } from '../db/client.ts';
import { newId } from '../lib/ids.ts';

/** Inserts a minimal shop for tests; settings override the defaults. */
export async function insertShop(
  db: Queryable,
  slug: string,
  settings: Record<string, unknown> = {},
  limits: { minOrderValueCents?: number; maxDistinctItems?: number; maxItems?: number } = {},
): Promise<string> {
  const id = newId('shp');
  await db.query(
    `insert into shops (id, slug, name, settings, min_order_value_cents, max_distinct_items, max_items)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      id,
      slug,
      `Loja ${slug}`,
      JSON.stringify(settings),
      limits.minOrderValueCents ?? null,
      limits.maxDistinctItems ?? null,
      limits.maxItems ?? null,
    ],
  );
  return id;
}

/** Inserts a minimal product (its provider id and SKU both `code`); returns its id. */
export async function insertProduct(
  db: Queryable,
  shopId: string,
  code: string,
  name = code,
  priceCents = 100,
): Promise<string> {
  const id = newId('prd');
  await db.query(
    `insert into products (id, shop_id, provider_id, sku, name, price_cents) values ($1, $2, $3, $3, $4, $5)`,
    [id, shopId, code, name, priceCents],
  );
  return id;
}
