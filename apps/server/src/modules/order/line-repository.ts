import type { Queryable } from '../../db/client.ts';

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
  /** Units (grams for kilo products) left of the line's unit when tracked without backorder; null: unlimited. */
  stock_left?: number | null;
  amount_in_kilo?: number | null;
};

/** What a line copies from the catalogue when it is written (convention #9). */
export type LineSnapshot = {
  sku: string;
  name: string;
  image_url: string | null;
  unit_price_cents: number;
  promotional_price_cents: number | null;
};

/** A line's catalogue prices (a price table replaces them: price-table.ts). */
export type LinePrices = Pick<LineSnapshot, 'unit_price_cents' | 'promotional_price_cents'>;

/** SQL of one JSON array of the lines of order `orderId` (an SQL expression), with their catalogue facts. */
export const orderItemsJsonSql = (orderId: string) => `(select coalesce(json_agg(json_build_object(
    'id', i.id, 'line_index', i.line_index, 'product_id', i.product_id, 'variant_id', i.variant_id,
    'gift_rule_id', i.gift_rule_id, 'product_provider_id', p.provider_id, 'sku', i.sku, 'name', i.name,
    'image_url', i.image_url, 'quantity', i.quantity, 'unit_price_cents', i.unit_price_cents,
    'promotional_price_cents', i.promotional_price_cents, 'total_cents', i.total_cents, 'is_gift', i.is_gift,
    'subscription', i.subscription, 'preferences', i.preferences, 'attributes', i.attributes,
    'seller_id', i.seller_id, 'has_shipping_restriction', p.has_shipping_restriction,
    'sold_in_kilo', p.sold_in_kilo, 'purchasable', p.is_active and coalesce(v.is_available, true),
    'amount_in_kilo', p.amount_in_kilo, 'stock_left', (select case when s.track and not s.allow_backorder
        then coalesce((select l.available from stock_levels l where l.unit_id = coalesce(i.variant_id, i.product_id)), 0)
        end from stock_settings s where s.product_id = i.product_id))
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

/**
 * `items` (lines of order `orderId`, e.g. a cached copy) with what is left of each tracked line's unit read now:
 * another order's confirm moves stock without changing this order's version. No read when no line is tracked.
 */
export async function withFreshStock(
  db: Queryable,
  orderId: string,
  items: OrderItemRow[],
): Promise<OrderItemRow[]> {
  if (!items.some((item) => item.stock_left != null)) return items;
  const rows = await db.query<{ line_index: number; stock_left: number | null }>(
    `select i.line_index, (select case when s.track and not s.allow_backorder
        then coalesce((select l.available from stock_levels l where l.unit_id = coalesce(i.variant_id, i.product_id)), 0)
        end from stock_settings s where s.product_id = i.product_id) as stock_left
       from order_items i where i.order_id = $1`,
    [orderId],
  );
  const left = new Map(rows.map((r) => [Number(r.line_index), r.stock_left] as const));
  return items.map((item) =>
    left.has(item.line_index) ? { ...item, stock_left: left.get(item.line_index) ?? null } : item,
  );
}

export async function findOrderItems(db: Queryable, orderId: string): Promise<OrderItemRow[]> {
  const [row] = await db.query<{ items: OrderItemRow[] }>(`select ${orderItemsJsonSql('$1')} as items`, [
    orderId,
  ]);
  return parseItems(row?.items ?? []);
}
