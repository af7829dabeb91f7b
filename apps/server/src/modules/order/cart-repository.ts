/**
 * The writes of a change to an open order — its lines (order_items) and its totals (orders) — as ONE statement,
 * whole in this file:
 *
 *   with totals as (update orders set items_amount_cents = …, discount_cents = …, total_cents = …,
 *                    next_line_index = …, version = version + 1, updated_at = now()
 *                   where id = … and <sets the transaction's actor, for the live events>
 *                     [and version = <the copy's> and status = Creating] returning id),
 *        line1 as (insert into order_items … | update order_items … | delete from order_items …),
 *        line2 as (…)
 *   select 1 / count(*) as applied from totals
 *
 * The totals update comes first, so it takes the order row lock before any line is written (the order of the
 * locked path). An optimistic change (docs/decisions/0012, not locked: computed from this process's copy of the
 * order) adds the version guard; when the order moved on, the update matches nothing, `1 / 0` aborts the
 * statement and every line write in it is rolled back. The CTEs share one snapshot, so each touches other rows.
 */
import { OrderStatus } from '@vitrine/contracts/enums';
import type { Queryable } from '../../db/client.ts';
import { joinSql, raw, sql, toQuery, type Sql } from '../../lib/sql.ts';
import type { LineSnapshot, OrderItemRow } from './line-repository.ts';
import type { LinePrices } from './price-table.ts';
import type { Totals } from './pricing.ts';
import type { OrderActor, OrderRow } from './repository.ts';

/** A line as written: everything but the catalogue facts read through the product. */
export type NewLine = Omit<
  OrderItemRow,
  'id' | 'product_provider_id' | 'has_shipping_restriction' | 'sold_in_kilo' | 'purchasable'
> & { id: string; shop_id: string; order_id: string };

/** Inserts a line; the (order, product, variant, subscription) unique index refuses a duplicate non-gift line. */
export function insertLine(line: NewLine): Sql {
  const subscription = line.subscription === null ? null : JSON.stringify(line.subscription);
  return sql`insert into order_items (id, shop_id, order_id, line_index, product_id, variant_id, gift_rule_id,
      sku, name, image_url, quantity, unit_price_cents, promotional_price_cents, total_cents, is_gift,
      subscription, preferences, attributes, seller_id)
    values (${line.id}, ${line.shop_id}, ${line.order_id}, ${line.line_index}, ${line.product_id},
      ${line.variant_id}, ${line.gift_rule_id}, ${line.sku}, ${line.name}, ${line.image_url}, ${line.quantity},
      ${line.unit_price_cents}, ${line.promotional_price_cents}, ${line.total_cents}, ${line.is_gift},
      ${subscription}, ${line.preferences}, ${JSON.stringify(line.attributes)}, ${line.seller_id})`;
}

/** Rewrites a line's quantity, catalogue snapshot, total and preferences. */
export function updateLine(
  id: string,
  line: LineSnapshot & { quantity: number; total_cents: number; preferences: string | null },
): Sql {
  return sql`update order_items set quantity = ${line.quantity}, sku = ${line.sku}, name = ${line.name},
      image_url = ${line.image_url}, unit_price_cents = ${line.unit_price_cents},
      promotional_price_cents = ${line.promotional_price_cents}, total_cents = ${line.total_cents},
      preferences = ${line.preferences}
    where id = ${id}`;
}

/** Rewrites a line's prices and total (a price table chosen or removed). */
export function repriceLine(line: LinePrices & { id: string; total_cents: number }): Sql {
  return sql`update order_items set unit_price_cents = ${line.unit_price_cents},
      promotional_price_cents = ${line.promotional_price_cents}, total_cents = ${line.total_cents}
    where id = ${line.id}`;
}

/** Deletes lines of one order. */
export function deleteLines(orderId: string, ids: string[]): Sql {
  return sql`delete from order_items where order_id = ${orderId} and id = any(${ids}::text[])`;
}

/**
 * Runs the line writes of a change with the order's new totals and line-index counter (version + 1), made by
 * `actor` (repository.ts `setsActor`), as the one statement above; with `expectedVersion`, only while the order is still open at that version (else it throws).
 */
export async function saveCartChange(
  db: Queryable,
  order: OrderRow,
  totals: Totals,
  actor: OrderActor,
  lines: readonly Sql[],
  expectedVersion?: number,
): Promise<void> {
  const guard =
    expectedVersion === undefined
      ? sql``
      : sql` and version = ${expectedVersion} and status = ${raw(String(OrderStatus.Creating))}`;
  const statement = sql`with totals as (update orders set items_amount_cents = ${totals.itemsCents},
        discount_cents = ${totals.discountCents}, total_cents = ${totals.totalCents},
        next_line_index = ${order.next_line_index}, version = version + 1, updated_at = now()
      where id = ${order.id} and set_config('vitrine.actor', ${actor}, true) <> ''${guard} returning id)${joinSql(
        lines.map((line, i) => sql`, ${raw(`line${i + 1}`)} as (${line})`),
        '',
      )}
    select 1 / count(*) as applied from totals`;
  const { sql: text, params } = toQuery(statement);
  await db.query(text, params);
}
