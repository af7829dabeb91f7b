/**
 * The writes of a change to an order — its lines (order_items), its totals, its checkout choices and its status
 * (orders) — as ONE statement, whole in this file:
 *
 *   with totals as (update orders set items_amount_cents = …, discount_cents = …, total_cents = …,
 *                    next_line_index = …, version = version + 1, updated_at = now()
 *                    [, checkout = …, coupon_id = …]               -- a checkout change, an agent's confirm
 *                    [, status = …, confirmed_at | canceled_at = now()]   -- a status move (status.ts)
 *                   where id = … and <sets the transaction's actor, for the live events>
 *                     [and version = <the copy's> and status = Creating]   -- optimistic
 *                     [and status = any(<the statuses the transitions table lets move>)]   -- a status move
 *                   returning *),
 *        line1 as (insert into order_items … | update order_items … | delete from order_items …),
 *        line2 as (…)
 *   select … from totals
 *
 * The totals update comes first, so it takes the order row lock before any line is written (the order of the
 * locked path). An optimistic change (docs/decisions/0012, not locked: computed from this process's copy of the
 * order) adds the version guard; when the order moved on, the update matches nothing, `1 / 0` aborts the
 * statement and every line write in it is rolled back. The CTEs share one snapshot, so each touches other rows.
 * A status change alone (staff, payments, cancel) is updateOrderStatus, below: its status columns are the same.
 */
import { OrderStatus } from '@vitrine/contracts/enums';
import type { Queryable } from '../../db/client.ts';
import { joinSql, raw, sql, toQuery, type Sql } from '../../lib/sql.ts';
import type { LinePrices, LineSnapshot, OrderItemRow } from './line-repository.ts';
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

/** What a change writes besides its lines: the order's new totals, counter and, when asked, its checkout. */
export type OrderWrite = {
  /** The order as changed (next_line_index; checkout and coupon_id when `checkout` is set). */
  order: OrderRow;
  totals: Totals;
  /** Who makes the change (repository.ts `setsActor`). */
  actor: OrderActor;
  lines: readonly Sql[];
  /** Writes `order.checkout` and `order.coupon_id` too (a checkout change, an agent's confirm). */
  checkout?: boolean;
};

/** The columns a move to `to` writes: the status and its stamp (confirmed_at on Received, canceled_at on Canceled). */
function statusColumns(to: OrderStatus): Sql {
  const stamp =
    to === OrderStatus.Received
      ? ', confirmed_at = now()'
      : to === OrderStatus.Canceled
        ? ', canceled_at = now()'
        : '';
  return sql`status = ${to}::smallint${raw(stamp)}`;
}

/** The one statement of the file's header: `move` adds to the update's set, `guard` to its where. */
function changeStatement(write: OrderWrite, move: Sql, guard: Sql, select: Sql): Sql {
  const { order, totals, lines } = write;
  const checkout = write.checkout
    ? sql`, checkout = ${JSON.stringify(order.checkout)}, coupon_id = ${order.coupon_id}`
    : sql``;
  return sql`with totals as (update orders set items_amount_cents = ${totals.itemsCents},
        discount_cents = ${totals.discountCents}, total_cents = ${totals.totalCents},
        next_line_index = ${order.next_line_index}, version = version + 1, updated_at = now()${checkout}${move}
      where id = ${order.id} and set_config('vitrine.actor', ${write.actor}, true) <> ''${guard})${joinSql(
        lines.map((line, i) => sql`, ${raw(`line${i + 1}`)} as (${line})`),
        '',
      )}
    ${select}`;
}

/**
 * Runs a change's writes as the one statement above; with `expectedVersion`, only while the order is still open
 * at that version (else it throws and nothing is written).
 */
export async function saveCartChange(
  db: Queryable,
  write: OrderWrite,
  expectedVersion?: number,
): Promise<void> {
  const guard =
    expectedVersion === undefined
      ? sql` returning id`
      : sql` and version = ${expectedVersion} and status = ${raw(String(OrderStatus.Creating))} returning id`;
  const statement = changeStatement(write, sql``, guard, sql`select 1 / count(*) as applied from totals`);
  const { sql: text, params } = toQuery(statement);
  await db.query(text, params);
}

/**
 * Runs a change's writes and moves the order to `to` in the same statement, only from a status of `from` (the
 * transitions table's, status.ts); answers the moved row, or null when the order was in no status of `from` —
 * then the caller's transaction must roll back (its line writes ran).
 */
export async function saveOrderMove(
  tx: Queryable,
  write: OrderWrite,
  to: OrderStatus,
  from: readonly OrderStatus[],
): Promise<OrderRow | null> {
  const statement = changeStatement(
    write,
    sql`, ${statusColumns(to)}`,
    sql` and status = any(${from}::smallint[]) returning *`,
    sql`select * from totals`,
  );
  const { sql: text, params } = toQuery(statement);
  const [row] = await tx.query<OrderRow>(text, params);
  return row ?? null;
}

/**
 * Moves order `orderId` to `to` only while its status is one of `from`, in the statement that writes it (so a
 * concurrent change cannot slip in between a check and the write); stamps confirmed_at (Received) or
 * canceled_at (Canceled) and bumps the version. Returns the updated row, or null when the order was not in
 * `from`. Call it through transitionOrder (status.ts), which takes `from` from the transitions table.
 */
export async function updateOrderStatus(
  tx: Queryable,
  orderId: string,
  to: OrderStatus,
  from: readonly OrderStatus[],
): Promise<OrderRow | null> {
  const { sql: text, params } = toQuery(sql`update orders set ${statusColumns(to)}, version = version + 1,
      updated_at = now() where id = ${orderId} and status = any(${from}::smallint[]) returning *`);
  const [row] = await tx.query<OrderRow>(text, params);
  return row ?? null;
}
