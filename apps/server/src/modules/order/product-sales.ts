/**
 * Relatórios › Produtos' sales (issue 37, decision 0058): per product, the orders, value and quantity of a shop's
 * placed orders (Received or Finalized, as Vendas counts them) confirmed in [start, end) — units for products sold
 * by the unit, kilos (quantity × portion) for kilo products, gifts left out, the line's total as its value. Read
 * by `orders_board_status_idx` and the lines' order index.
 */
import { OrderStatus } from '@vitrine/contracts/enums';
import type { Queryable } from '../../db/client.ts';

export type ProductSalesRow = {
  product_id: string;
  name: string;
  sold_in_kilo: boolean;
  orders: number;
  value_cents: number;
  units: number;
  weight_kg: number;
};

export function productSalesIn(db: Queryable, shopId: string, start: Date, end: Date) {
  return db.query<ProductSalesRow>(
    `select oi.product_id, max(p.name) as name, bool_or(p.sold_in_kilo) as sold_in_kilo,
            count(distinct o.id)::int as orders, sum(oi.total_cents)::bigint::float8 as value_cents,
            coalesce(sum(oi.quantity) filter (where not p.sold_in_kilo), 0)::float8 as units,
            round(coalesce(sum(oi.quantity * coalesce(p.amount_in_kilo, 1)) filter (where p.sold_in_kilo), 0), 3)
              ::float8 as weight_kg
       from orders o join order_items oi on oi.order_id = o.id join products p on p.id = oi.product_id
      where o.shop_id = $1 and o.confirmed_at >= $2::timestamptz and o.confirmed_at < $3::timestamptz
        and o.status in (${OrderStatus.Received}, ${OrderStatus.Finalized}) and not oi.is_gift
      group by oi.product_id`,
    [shopId, start.toISOString(), end.toISOString()],
  );
}
