import type { Queryable } from '../../db/client.ts';
import type { Statement } from './repository.ts';

export type LineAttribute = { providerId: string; optionProviderId: string; redirectable: boolean };
export type LineSubscription = { recurrenceType: number; frequency: number };

/** An order line with the catalogue facts its wire form and checks need. */
export type OrderItemRow = {
  id: string;
  line_index: number;
  product_id: string;
  variant_id: string | null;
  gift_rule_id: string | null;
  product_provider_id: string;
  sku: string;
  name: string;
  image_url: string | null;
  quantity: number;
  unit_price_cents: number;
  promotional_price_cents: number | null;
  total_cents: number;
  is_gift: boolean;
  subscription: LineSubscription | null;
  preferences: string | null;
  attributes: LineAttribute[];
  seller_id: string | null;
  has_shipping_restriction: boolean;
  sold_in_kilo: boolean;
  /** The product is still active and its variant (if any) still available. */
  purchasable: boolean;
};

/** What a line copies from the catalogue when it is written (convention #9). */
export type LineSnapshot = {
  sku: string;
  name: string;
  image_url: string | null;
  unit_price_cents: number;
  promotional_price_cents: number | null;
};

/** SQL of one JSON array of the lines of order `orderId` (an SQL expression), with their catalogue facts. */
export const orderItemsJsonSql = (orderId: string) => `(select coalesce(json_agg(json_build_object(
    'id', i.id, 'line_index', i.line_index, 'product_id', i.product_id, 'variant_id', i.variant_id,
    'gift_rule_id', i.gift_rule_id, 'product_provider_id', p.provider_id, 'sku', i.sku, 'name', i.name,
    'image_url', i.image_url, 'quantity', i.quantity, 'unit_price_cents', i.unit_price_cents,
    'promotional_price_cents', i.promotional_price_cents, 'total_cents', i.total_cents, 'is_gift', i.is_gift,
    'subscription', i.subscription, 'preferences', i.preferences, 'attributes', i.attributes,
    'seller_id', i.seller_id, 'has_shipping_restriction', p.has_shipping_restriction,
    'sold_in_kilo', p.sold_in_kilo, 'purchasable', p.is_active and coalesce(v.is_available, true))
    order by i.line_index), '[]')
   from order_items i
   join products p on p.id = i.product_id
   left join product_variants v on v.id = i.variant_id
  where i.order_id = ${orderId})`;

/** Lines as read through orderItemsJsonSql; quantities come back as JSON numbers. */
export function parseItems(items: OrderItemRow[]): OrderItemRow[] {
  for (const item of items) item.quantity = Number(item.quantity);
  return items;
}

export async function findOrderItems(db: Queryable, orderId: string): Promise<OrderItemRow[]> {
  const [row] = await db.query<{ items: OrderItemRow[] }>(`select ${orderItemsJsonSql('$1')} as items`, [
    orderId,
  ]);
  return parseItems(row?.items ?? []);
}

/** A line as written: everything but the catalogue facts read through the product. */
export type NewLine = Omit<
  OrderItemRow,
  'id' | 'product_provider_id' | 'has_shipping_restriction' | 'sold_in_kilo' | 'purchasable'
> & { id: string; shop_id: string; order_id: string };

/** Inserts a line; the (order, product, variant, subscription) unique index refuses a duplicate non-gift line. */
export function insertLine(line: NewLine): Statement {
  return {
    sql: `insert into order_items (id, shop_id, order_id, line_index, product_id, variant_id, gift_rule_id, sku, name,
            image_url, quantity, unit_price_cents, promotional_price_cents, total_cents, is_gift, subscription,
            preferences, attributes, seller_id)
          values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
    params: [
      line.id,
      line.shop_id,
      line.order_id,
      line.line_index,
      line.product_id,
      line.variant_id,
      line.gift_rule_id,
      line.sku,
      line.name,
      line.image_url,
      line.quantity,
      line.unit_price_cents,
      line.promotional_price_cents,
      line.total_cents,
      line.is_gift,
      line.subscription === null ? null : JSON.stringify(line.subscription),
      line.preferences,
      JSON.stringify(line.attributes),
      line.seller_id,
    ],
  };
}

/** Rewrites a line's quantity, catalogue snapshot, total and preferences. */
export function updateLine(
  id: string,
  change: LineSnapshot & { quantity: number; total_cents: number; preferences: string | null },
): Statement {
  return {
    sql: `update order_items set quantity = $2, sku = $3, name = $4, image_url = $5, unit_price_cents = $6,
            promotional_price_cents = $7, total_cents = $8, preferences = $9
           where id = $1`,
    params: [
      id,
      change.quantity,
      change.sku,
      change.name,
      change.image_url,
      change.unit_price_cents,
      change.promotional_price_cents,
      change.total_cents,
      change.preferences,
    ],
  };
}

/** Deletes lines of one order. */
export function deleteLines(orderId: string, ids: string[]): Statement {
  return {
    sql: 'delete from order_items where order_id = $1 and id = any($2::text[])',
    params: [orderId, ids],
  };
}
