/**
 * The console's writer of a shop's delivery setup (issue 18): pickup stores (`sellers`, with the store's
 * 'Retirada' option in `logistic_options`) and delivery options with their areas. Every statement names the
 * shop, so an id of another shop matches nothing.
 */
import type { DeliveryOptionBody, StoreBody } from '@vitrine/contracts/console-delivery';
import type { Queryable } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import type { SellerRow } from './repository.ts';

export type StoreSetupRow = Pick<
  SellerRow,
  | 'id'
  | 'name'
  | 'street'
  | 'number'
  | 'neighborhood'
  | 'city'
  | 'state'
  | 'zip_code'
  | 'service_tax_cents'
  | 'opening_hours'
> & {
  pickup_id: string | null;
  pickup_estimate: string | null;
  /** the console's ids and names of the price tables it allows (decision 0039; read-only join) */
  price_table_ids: string[];
  price_table_names: string[];
  default_table_id: string | null;
  default_table_name: string | null;
  use_default_price_table: boolean;
};

const ALLOWED = `from price_tables t where t.shop_id = s.shop_id and s.allowed_price_tables @> to_jsonb(t.provider_id)`;

export async function listStoreSetups(db: Queryable, shopId: string): Promise<StoreSetupRow[]> {
  return db.query<StoreSetupRow>(
    `select s.id, s.name, s.street, s.number, s.neighborhood, s.city, s.state, s.zip_code, s.service_tax_cents,
            s.opening_hours, p.id as pickup_id, p.shipping_time_estimative as pickup_estimate,
            coalesce((select json_agg(t.id order by t.position, t.name) ${ALLOWED}), '[]'::json) as price_table_ids,
            coalesce((select json_agg(t.name order by t.position, t.name) ${ALLOWED}), '[]'::json)
              as price_table_names,
            dt.id as default_table_id, dt.name as default_table_name, s.use_default_price_table
       from sellers s
       left join lateral (select id, shipping_time_estimative from logistic_options
                           where seller_id = s.id and type = 0 order by position, id limit 1) p on true
       left join price_tables dt on dt.shop_id = s.shop_id and dt.provider_id = s.default_price_table_id
      where s.shop_id = $1 order by s.position, s.name`,
    [shopId],
  );
}

/** Creates (id null) or updates a store; answers its id, or null when `id` is not a store of the shop. */
export async function writeStore(
  tx: Queryable,
  shopId: string,
  id: string | null,
  body: StoreBody,
): Promise<string | null> {
  const fields = [
    body.name,
    body.street,
    body.number,
    body.neighborhood,
    body.city,
    body.state,
    body.zipCode,
    body.serviceFeeCents,
    JSON.stringify(body.openingHours),
  ];
  const saved = await writeStoreRow(tx, shopId, id, fields);
  if (saved !== null && body.priceTables) await writeStorePriceTables(tx, shopId, saved, body.priceTables);
  return saved;
}

/**
 * The store's price tables from the console's table ids (kept as the tables' provider ids, which the checkout
 * names); the caller has checked the ids are the shop's.
 */
async function writeStorePriceTables(
  tx: Queryable,
  shopId: string,
  id: string,
  tables: NonNullable<StoreBody['priceTables']>,
) {
  await tx.query(
    `update sellers
        set allowed_price_tables = coalesce((select jsonb_agg(t.provider_id order by t.position, t.name)
                                               from price_tables t where t.shop_id = $2 and t.id = any($3::text[])),
                                            '[]'::jsonb),
            default_price_table_id = (select t.provider_id from price_tables t where t.shop_id = $2 and t.id = $4),
            use_default_price_table = $5
      where id = $1 and shop_id = $2`,
    [id, shopId, tables.allowed, tables.defaultId, tables.useDefault],
  );
}

async function writeStoreRow(
  tx: Queryable,
  shopId: string,
  id: string | null,
  fields: unknown[],
): Promise<string | null> {
  if (id === null) {
    const created = newId('sel');
    await tx.query(
      `insert into sellers (id, shop_id, provider_id, name, street, number, neighborhood, city, state, zip_code,
         service_tax_cents, opening_hours, position)
       values ($1, $2, $1, $3, $4, $5, $6, $7, $8, $9, $10, $11,
               (select coalesce(max(position) + 1, 0) from sellers where shop_id = $2))`,
      [created, shopId, ...fields],
    );
    return created;
  }
  const updated = await tx.query<{ id: string }>(
    `update sellers set name = $3, street = $4, number = $5, neighborhood = $6, city = $7, state = $8,
            zip_code = $9, service_tax_cents = $10, opening_hours = $11
      where id = $1 and shop_id = $2 returning id`,
    [id, shopId, ...fields],
  );
  return updated[0]?.id ?? null;
}

/** The store's 'Retirada' option: created, renamed or removed to match `pickup` (null: no pickup here). */
export async function writePickup(
  tx: Queryable,
  shopId: string,
  storeId: string,
  pickup: { name: string; estimate: string | null; description: string | null } | null,
): Promise<void> {
  if (pickup === null) {
    await tx.query('delete from logistic_options where shop_id = $1 and seller_id = $2 and type = 0', [
      shopId,
      storeId,
    ]);
    return;
  }
  const updated = await tx.query(
    `update logistic_options set name = $3, shipping_time_estimative = $4, description = $5
      where shop_id = $1 and seller_id = $2 and type = 0 returning id`,
    [shopId, storeId, pickup.name, pickup.estimate, pickup.description],
  );
  if (updated.length > 0) return;
  const id = newId('lgo');
  await tx.query(
    `insert into logistic_options (id, shop_id, seller_id, provider_id, type, name, shipping_time_estimative,
       description, position)
     values ($1, $2, $3, $1, 0, $4, $5, $6, (select coalesce(max(position) + 1, 0) from logistic_options
                                               where shop_id = $2))`,
    [id, shopId, storeId, pickup.name, pickup.estimate, pickup.description],
  );
}

/**
 * Removes a store and its pickup option; delivery options it delivered become the shop's. Orders keep the
 * store as their checkout recorded it. False when `id` is not a store of the shop.
 */
export async function deleteStore(tx: Queryable, shopId: string, id: string): Promise<boolean> {
  await tx.query('delete from logistic_options where shop_id = $1 and seller_id = $2 and type = 0', [
    shopId,
    id,
  ]);
  await tx.query('update logistic_options set seller_id = null where shop_id = $1 and seller_id = $2', [
    shopId,
    id,
  ]);
  const deleted = await tx.query('delete from sellers where id = $1 and shop_id = $2 returning id', [
    id,
    shopId,
  ]);
  return deleted.length > 0;
}

/** Creates (id null) or updates a delivery option; answers its id, or null when `id` is not one of the shop's. */
export async function writeDeliveryOption(
  tx: Queryable,
  shopId: string,
  id: string | null,
  body: DeliveryOptionBody,
): Promise<string | null> {
  const fields = [
    body.storeId,
    body.name,
    body.description,
    // The price without an address (the option's list): its lowest area fee.
    Math.min(...body.areas.map((a) => a.feeCents)),
    body.freeAboveCents,
    body.orderMinCents,
    body.maxDistinctItems,
    body.maxItems,
    body.estimate,
    JSON.stringify(body.areas),
  ];
  if (id === null) {
    const created = newId('lgo');
    await tx.query(
      `insert into logistic_options (id, shop_id, provider_id, type, seller_id, name, description, price_cents,
         free_above_cents, order_min_price_cents, max_distinct_items, max_items, shipping_time_estimative, areas,
         position)
       values ($1, $2, $1, 1, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
               (select coalesce(max(position) + 1, 0) from logistic_options where shop_id = $2))`,
      [created, shopId, ...fields],
    );
    return created;
  }
  const updated = await tx.query<{ id: string }>(
    `update logistic_options set seller_id = $3, name = $4, description = $5, price_cents = $6,
            free_above_cents = $7, order_min_price_cents = $8, max_distinct_items = $9, max_items = $10,
            shipping_time_estimative = $11, areas = $12, cep_from = null, cep_to = null, neighborhoods = '[]'
      where id = $1 and shop_id = $2 and type = 1 returning id`,
    [id, shopId, ...fields],
  );
  return updated[0]?.id ?? null;
}

export async function deleteDeliveryOption(tx: Queryable, shopId: string, id: string): Promise<boolean> {
  const deleted = await tx.query(
    'delete from logistic_options where id = $1 and shop_id = $2 and type = 1 returning id',
    [id, shopId],
  );
  return deleted.length > 0;
}
