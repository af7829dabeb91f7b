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
  /** Hours a proposed order edit waits for the contact before it expires (decision 0053). */
  order_edit_expiry_hours: number;
};

const COLUMNS =
  'id, slug, name, settings, min_order_value_cents, max_distinct_items, max_items, time_zone, order_edit_expiry_hours';

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
  shop: { id: string; slug: string; name: string; timeZone: string; settings: Record<string, unknown> },
): Promise<boolean> {
  const rows = await db.query(
    `insert into shops (id, slug, name, time_zone, settings) values ($1, $2, $3, $4, $5)
     on conflict (slug) do nothing returning id`,
    [shop.id, shop.slug, shop.name, shop.timeZone, JSON.stringify(shop.settings)],
  );
  return rows.length > 0;
}

/** Sets one key of the shop's settings, the others kept (a console page that owns that key). */
export async function updateShopSettingsKey(db: Queryable, shopId: string, key: string, value: unknown) {
  await db.query(
    `update shops set settings = settings || jsonb_build_object($2::text, $3::jsonb) where id = $1`,
    [shopId, key, JSON.stringify(value)],
  );
}

/** Writes a shop's settings and order limits; false when the shop does not exist. */
export async function updateShopSettingsRow(
  db: Queryable,
  shopId: string,
  settings: Record<string, unknown>,
  limits: {
    minOrderValueCents: number | null;
    maxDistinctItems: number | null;
    maxItems: number | null;
    orderEditExpiryHours?: number | undefined;
  },
): Promise<boolean> {
  const rows = await db.query(
    `update shops set settings = $2, min_order_value_cents = $3, max_distinct_items = $4, max_items = $5,
            order_edit_expiry_hours = coalesce($6, order_edit_expiry_hours)
     where id = $1 returning id`,
    [
      shopId,
      JSON.stringify(settings),
      limits.minOrderValueCents,
      limits.maxDistinctItems,
      limits.maxItems,
      limits.orderEditExpiryHours ?? null,
    ],
  );
  return rows.length > 0;
}

/** Announces (at commit, to every instance listening) that a shop's settings changed. */
export async function notifyShopChanged(db: Queryable, shopId: string): Promise<void> {
  await db.query(`select pg_notify('${SHOP_CHANGES_CHANNEL}', $1)`, [shopId]);
}

/** The NOTIFY channel of shop setting changes; the payload is the shop id. */
export const SHOP_CHANGES_CHANNEL = 'vitrine_shop_changes';
