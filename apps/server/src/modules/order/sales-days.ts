/**
 * The sales rollups' refresher (issue 37; decisions 0058, 0063 and 0068; migrations 0090, 0093 and 0096): the days
 * the triggers marked are recomputed from the raw rows — Produtos' sales per product (`product_sales_days`) and
 * Vendas' figures per split (`sales_days`) — one (shop, day) at a time in its own transaction. Every instance runs
 * it (the analytics recorder's flush timer); a day another instance is refreshing is skipped
 * (`pg_try_advisory_xact_lock`), and the mark is removed only if its version is still the one read, so a change
 * made while the day was recomputed leaves it marked for the next pass. The same transaction moves the day's
 * month rows (`product_sales_months`, `sales_months`) by the day's change: a month row is the sum of its day rows.
 */
import { OrderStatus } from '@vitrine/contracts/enums';
import type { Db, Queryable } from '../../db/client.ts';
import { dayRows, FIGURE_COLUMNS, orderColumns, placed } from './sales-report.ts';

/** The placed orders' lines of (shop $1, local day $2 in the shop's zone), per product. */
const DAY_SALES = `
  select o.shop_id, $2::date as day, oi.product_id, count(distinct o.id)::int as orders,
         sum(oi.total_cents) as value_cents, sum(oi.quantity) as quantity
    from shops s join orders o on o.shop_id = s.id join order_items oi on oi.order_id = o.id
   where s.id = $1 and o.status in (${OrderStatus.Received}, ${OrderStatus.Finalized})
     and o.confirmed_at >= ($2::date::timestamp at time zone s.time_zone)
     and o.confirmed_at < (($2::date + 1)::timestamp at time zone s.time_zone)
     and not oi.is_gift
   group by o.shop_id, oi.product_id`;

type Mark = { shop_id: string; day: string; version: number };

const KEY = 'dim, channel_type, agent_user, key';
const FIGURES = FIGURE_COLUMNS.join(', ');

/**
 * Vendas' rows of (shop $1, day $2) recomputed, and the month moved by the new rows less the old ones (one upsert in
 * key order, as Produtos' below); a month row left with no order is deleted. A month's label (an agent's name) is
 * the greatest its days have had: names are not figures, and a label cannot be subtracted.
 */
async function refreshSalesDayRows(tx: Queryable, mark: Mark) {
  await tx.query(
    `with o as materialized (
       select ${orderColumns('$2::date')}
         from shops s join orders o on o.shop_id = s.id
        where s.id = $1 and o.status in (${OrderStatus.Received}, ${OrderStatus.Finalized}, ${OrderStatus.Canceled})
          and o.confirmed_at >= ($2::date::timestamp at time zone s.time_zone)
          and o.confirmed_at < (($2::date + 1)::timestamp at time zone s.time_zone)
     ), ${placed(true)}, old as (
       delete from sales_days where shop_id = $1 and day = $2::date
       returning ${KEY}, label, ${FIGURE_COLUMNS.map((c) => `-${c} as ${c}`).join(', ')}
     ), new as (
       insert into sales_days (shop_id, day, ${KEY}, label, ${FIGURES})
       select $1, day, ${KEY}, label, ${FIGURES} from (${dayRows(true)}) r
       returning ${KEY}, label, ${FIGURES}
     )
     insert into sales_months (shop_id, month, ${KEY}, label, ${FIGURES})
     select $1, date_trunc('month', $2::date)::date, ${KEY}, max(label),
            ${FIGURE_COLUMNS.map((c) => `sum(${c})`).join(', ')}
       from (select * from old union all select * from new) d
      group by ${KEY}
     having ${FIGURE_COLUMNS.map((c) => `sum(${c}) <> 0`).join(' or ')}
      order by ${KEY}
     on conflict (shop_id, month, ${KEY}) do update
        set label = greatest(sales_months.label, excluded.label),
            ${FIGURE_COLUMNS.map((c) => `${c} = sales_months.${c} + excluded.${c}`).join(', ')}`,
    [mark.shop_id, mark.day],
  );
  await tx.query(
    `delete from sales_months where shop_id = $1 and month = date_trunc('month', $2::date)::date
        and orders = 0 and canceled_orders = 0`,
    [mark.shop_id, mark.day],
  );
}

/** Recomputes `mark`'s day; false when another instance holds it or the day changed meanwhile. */
export async function refreshSalesDay(db: Db, mark: Mark): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [lock] = await tx.query<{ ok: boolean }>(
      `select pg_try_advisory_xact_lock(hashtext('product_sales_days:' || $1), $2::date - date '2000-01-01') as ok`,
      [mark.shop_id, mark.day],
    );
    if (!lock?.ok) return false;
    // The planner cannot tell a day's orders from the shop's (their instants come from the shop's zone): its cost
    // passes JIT's threshold, and compiling took 3.5 s of a 3.5 s statement (EXPLAIN ANALYZE, 1,000,000 orders).
    await tx.query('set local jit = off');
    // The month gets the day's new rows less its old ones: one upsert, in product order (two days of one month
    // refreshed at once lock its rows in the same order).
    await tx.query(
      `with old as (
         delete from product_sales_days where shop_id = $1 and day = $2::date
         returning product_id, -orders as orders, -value_cents as value_cents, -quantity as quantity
       ), new as (
         insert into product_sales_days (shop_id, day, product_id, orders, value_cents, quantity) ${DAY_SALES}
         returning product_id, orders, value_cents, quantity
       )
       insert into product_sales_months (shop_id, month, product_id, orders, value_cents, quantity)
       select $1, date_trunc('month', $2::date)::date, product_id, sum(orders), sum(value_cents), sum(quantity)
         from (select * from old union all select * from new) d
        group by product_id
       having sum(orders) <> 0 or sum(value_cents) <> 0 or sum(quantity) <> 0
        order by product_id
       on conflict (shop_id, month, product_id) do update
          set orders = product_sales_months.orders + excluded.orders,
              value_cents = product_sales_months.value_cents + excluded.value_cents,
              quantity = product_sales_months.quantity + excluded.quantity`,
      [mark.shop_id, mark.day],
    );
    await tx.query(
      `delete from product_sales_months where shop_id = $1 and month = date_trunc('month', $2::date)::date
          and orders = 0`,
      [mark.shop_id, mark.day],
    );
    await refreshSalesDayRows(tx, mark);
    const removed = await tx.query(
      'delete from product_sales_dirty where shop_id = $1 and day = $2::date and version = $3 returning day',
      [mark.shop_id, mark.day, mark.version],
    );
    return removed.length > 0;
  });
}

/** One pass over up to `limit` marked days, oldest first; how many were refreshed and unmarked. */
export async function refreshSalesDays(db: Db, limit = 200): Promise<number> {
  const marks = await db.query<Mark>(
    'select shop_id, day::text as day, version from product_sales_dirty order by day limit $1',
    [limit],
  );
  let done = 0;
  for (const mark of marks) if (await refreshSalesDay(db, mark)) done += 1;
  return done;
}
