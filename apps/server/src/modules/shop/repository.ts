import type { Queryable } from '../../db/client.ts';

export type ShopRow = {
  id: string;
  slug: string;
  name: string;
  settings: Record<string, unknown>;
  min_order_value_cents: number | null;
  max_distinct_items: number | null;
  max_items: number | null;
  time_zone: string;
};

const COLUMNS = 'id, slug, name, settings, min_order_value_cents, max_distinct_items, max_items, time_zone';

export async function findShopById(db: Queryable, id: string): Promise<ShopRow | null> {
  const [row] = await db.query<ShopRow>(`select ${COLUMNS} from shops where id = $1`, [id]);
  return row ?? null;
}

export async function findShopBySlug(db: Queryable, slug: string): Promise<ShopRow | null> {
  const [row] = await db.query<ShopRow>(`select ${COLUMNS} from shops where slug = $1`, [slug]);
  return row ?? null;
}

export async function listShops(db: Queryable): Promise<ShopRow[]> {
  return db.query<ShopRow>(`select ${COLUMNS} from shops order by created_at, slug`);
}

/** Inserts a shop; false when the slug is taken (nothing written). */
export async function insertShopRow(
  db: Queryable,
  shop: { id: string; slug: string; name: string; settings: Record<string, unknown> },
): Promise<boolean> {
  const rows = await db.query(
    `insert into shops (id, slug, name, settings) values ($1, $2, $3, $4)
     on conflict (slug) do nothing returning id`,
    [shop.id, shop.slug, shop.name, JSON.stringify(shop.settings)],
  );
  return rows.length > 0;
}
