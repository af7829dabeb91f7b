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
