/**
 * Relatórios › Produtos' sales (issue 37, decision 0058): per product, the orders, value and quantity of a shop's
 * placed orders (Received or Finalized, as Vendas counts them) confirmed on the shop's days [from, to] — units for
 * products sold by the unit, kilos (quantity × portion) for kilo products, gifts left out, the line's total as its
 * value. Read in one statement, exact whenever it reads: the range's months from the monthly rollup (migration
 * 0093, `product_sales_months`, the sum of its days' rows) plus or minus the days at its edges from the daily one
 * (migration 0090, `product_sales_days`), and every marked day from the raw lines (`orders_board_status_idx`, the
 * lines' order index) with its stale daily rows taken out of its month. `productSalesRaw` is the same answer from the raw lines alone (the tests' reference).
 */
import { OrderStatus } from '@vitrine/contracts/enums';
import { monthSplit } from '@vitrine/contracts/shop-time';
import { queryWithoutJit, type Db, type Queryable } from '../../db/client.ts';

export type ProductSalesRow = {
  product_id: string;
  name: string;
  sold_in_kilo: boolean;
  orders: number;
  value_cents: number;
  units: number;
  weight_kg: number;
};

const PLACED = `o.status in (${OrderStatus.Received}, ${OrderStatus.Finalized})`;

/** Per product of `lines` (product_id, orders, value_cents, quantity): the report's row (summed, then named). */
const PER_PRODUCT = `
  select l.product_id, p.name, p.sold_in_kilo, l.orders::int as orders, l.value_cents::bigint::float8 as value_cents,
         (case when p.sold_in_kilo then 0 else l.quantity end)::float8 as units,
         round(case when p.sold_in_kilo then l.quantity * coalesce(p.amount_in_kilo, 1) else 0 end, 3)::float8
           as weight_kg
    from (select product_id, sum(orders) as orders, sum(value_cents) as value_cents, sum(quantity) as quantity
            from lines group by product_id having sum(orders) > 0) l
    join products p on p.id = l.product_id`;

export function productSalesIn(db: Db, shopId: string, from: string, to: string, timeZone: string) {
  const r = monthSplit(from, to);
  // The months, plus or minus the days at the edges (a marked day added is read from the raw lines below), less
  // the daily rows of the marked days the months hold, plus every marked day's raw lines. The months and the edges
  // are summed per product each on its own (a hash aggregate over one table, whose statistics the planner has), so
  // the last sum takes a few thousand rows: as one list of every row (~60,000 for a year at 1,000,000 orders) the
  // planner's guess at the union's products chose to sort it, which took twice as long on PGlite (decision 0071).
  const sql = `with marked as (
       select day from product_sales_dirty where shop_id = $1 and day between $2::date and $3::date
     ), lines as (
       select m.product_id, sum(m.orders)::int as orders, sum(m.value_cents)::bigint as value_cents,
              sum(m.quantity) as quantity
         from product_sales_months m
        where m.shop_id = $1 and m.month >= $5::date and m.month < $6::date group by m.product_id
       union all
       select d.product_id, $9::int * sum(d.orders)::int, $9::int * sum(d.value_cents)::bigint,
              $9::int * sum(d.quantity)
         from product_sales_days d where d.shop_id = $1 and d.day between $7::date and $8::date
          and ($9::int < 0 or d.day not in (select day from marked)) group by d.product_id
       union all
       select d.product_id, $12::int * sum(d.orders)::int, $12::int * sum(d.value_cents)::bigint,
              $12::int * sum(d.quantity)
         from product_sales_days d where d.shop_id = $1 and d.day between $10::date and $11::date
          and ($12::int < 0 or d.day not in (select day from marked)) group by d.product_id
       union all
       select d.product_id, -d.orders, -d.value_cents, -d.quantity
         from marked k join product_sales_days d on d.shop_id = $1 and d.day = k.day
        where k.day >= $5::date and k.day < $6::date
       union all
       -- A marked day's orders by their index, each one's lines by theirs (offset 0: not flattened into a hash
       -- join over every line of the shop, which the planner's guess at a day's orders would choose). Its figures
       -- have the branches' types above (integer, bigint, numeric), so that no branch is cast to another's.
       select oi.product_id, count(distinct o.id)::int, sum(oi.total_cents)::bigint, sum(oi.quantity)
         from marked m
         join orders o on o.shop_id = $1 and ${PLACED}
              and o.confirmed_at >= (m.day::timestamp at time zone $4)
              and o.confirmed_at < ((m.day + 1)::timestamp at time zone $4)
         cross join lateral (
           select i.product_id, i.total_cents, i.quantity from order_items i
            where i.order_id = o.id and not i.is_gift offset 0
         ) oi
        group by m.day, oi.product_id
     ) ${PER_PRODUCT}`;
  // The planner's costs for the marked days' branch pass JIT's threshold: compiling costs more than the read.
  return queryWithoutJit<ProductSalesRow>(db, sql, [
    shopId,
    from,
    to,
    timeZone,
    r.monthFrom,
    r.monthTo,
    ...r.slots,
  ]);
}

/** The raw lines alone, the statement the report ran before the rollup (kept as its reference in tests). */
export function productSalesRaw(db: Queryable, shopId: string, start: Date, end: Date) {
  return db.query<ProductSalesRow>(
    `select oi.product_id, max(p.name) as name, bool_or(p.sold_in_kilo) as sold_in_kilo,
            count(distinct o.id)::int as orders, sum(oi.total_cents)::bigint::float8 as value_cents,
            coalesce(sum(oi.quantity) filter (where not p.sold_in_kilo), 0)::float8 as units,
            round(coalesce(sum(oi.quantity * coalesce(p.amount_in_kilo, 1)) filter (where p.sold_in_kilo), 0), 3)
              ::float8 as weight_kg
       from orders o join order_items oi on oi.order_id = o.id join products p on p.id = oi.product_id
      where o.shop_id = $1 and o.confirmed_at >= $2::timestamptz and o.confirmed_at < $3::timestamptz
        and ${PLACED} and not oi.is_gift
      group by oi.product_id`,
    [shopId, start.toISOString(), end.toISOString()],
  );
}
