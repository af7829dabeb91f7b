import type { DeliveryArea } from '@vitrine/contracts/console-delivery';
import type { Queryable } from '../../db/client.ts';

export type SellerRow = {
  id: string;
  provider_id: string;
  name: string;
  street: string;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
  zip_code: string;
  service_tax_cents: number;
  allowed_price_tables: string[];
  default_price_table_id: string | null;
  use_default_price_table: boolean;
  opening_hours: { weekday: number; opens: string; closes: string }[];
};

export type LogisticRow = {
  id: string;
  seller_id: string | null;
  provider_id: string;
  type: number;
  name: string;
  description: string | null;
  price_cents: number;
  free_above_cents: number | null;
  order_min_price_cents: number | null;
  max_distinct_items: number | null;
  max_items: number | null;
  shipping_time_estimative: string | null;
  min_shipping_time_estimative: string | null;
  cep_from: string | null;
  cep_to: string | null;
  neighborhoods: string[];
  areas: DeliveryArea[];
};

export async function listSellers(db: Queryable, shopId: string): Promise<SellerRow[]> {
  return db.query<SellerRow>(
    `select id, provider_id, name, street, number, neighborhood, city, state, zip_code, service_tax_cents,
            allowed_price_tables, default_price_table_id, use_default_price_table, opening_hours
       from sellers where shop_id = $1 order by position, name`,
    [shopId],
  );
}

export async function listLogistics(db: Queryable, shopId: string, type?: number): Promise<LogisticRow[]> {
  return db.query<LogisticRow>(
    `select id, seller_id, provider_id, type, name, description, price_cents, free_above_cents,
            order_min_price_cents, max_distinct_items, max_items, shipping_time_estimative,
            min_shipping_time_estimative, cep_from, cep_to, neighborhoods, areas
       from logistic_options where shop_id = $1 and ($2::int is null or type = $2) order by position, name`,
    [shopId, type ?? null],
  );
}

/** True when the shop offers at least one delivery or pickup option (console checklist). */
export async function hasLogisticOption(db: Queryable, shopId: string): Promise<boolean> {
  const rows = await db.query(`select 1 from logistic_options where shop_id = $1 limit 1`, [shopId]);
  return rows.length > 0;
}
