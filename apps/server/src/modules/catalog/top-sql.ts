/**
 * Top sellers ('Todos' tab): products by quantity sold in the shop's received (1) and finalized (2) orders,
 * then by `products.ranking`; keys (sold desc, ranking desc, id). Products that never sold come from the
 * `(shop_id, ranking desc, id)` index, so the listing stays cheap on a large shop with few sales.
 * Later pages count only orders confirmed before the snapshot, so sales arriving meanwhile do not reorder
 * products across pages.
 */
import { OrderStatus } from '@vitrine/contracts/enums';
import { afterCursorSql, snapshotBound, type PageWindow, type SortKey } from './listing-sql.ts';
import { visibleSql, type SqlParams } from './search-sql.ts';

export const TOP_KEYS: SortKey[] = [
  { expr: 'sold', type: 'numeric' },
  { expr: 'ranking', type: 'integer' },
];

export function topSellersSql(shop: string, window: PageWindow, params: SqlParams) {
  const { cursor } = window;
  const snapshot = cursor ? snapshotBound(cursor.snapshot, params) : null;
  const visible = [visibleSql(shop), ...(snapshot ? [`p.created_at <= ${snapshot}`] : [])];
  const sales = `sales as materialized (
    select i.product_id, sum(i.quantity) as sold
      from order_items i join orders o on o.id = i.order_id
     where o.shop_id = ${shop} and o.status in (${OrderStatus.Received}, ${OrderStatus.Finalized})
       ${snapshot ? `and coalesce(o.confirmed_at, o.created_at) <= ${snapshot}` : ''}
     group by i.product_id)`;

  const sold = [...visible];
  const unsold = [...visible, 'p.id not in (select product_id from sales)'];
  if (cursor) {
    sold.push(afterCursorSql(['s.sold', 'p.ranking'], TOP_KEYS, 'p.id', cursor, params));
    // Once the cursor is among products that never sold, continue by ranking alone.
    if (Number(cursor.keys[0]) <= 0) {
      const rankingCursor = { ...cursor, keys: cursor.keys.slice(1) };
      unsold.push(afterCursorSql(['p.ranking'], TOP_KEYS.slice(1), 'p.id', rankingCursor, params));
    }
  }
  const limit = params.add(window.offset + window.perPage + 1);
  const offset = window.offset > 0 ? ` offset ${params.add(window.offset)}` : '';
  const page = `select m.* from (
      (select p.id, s.sold as k0, p.ranking as k1 from sales s join products p on p.id = s.product_id
        where ${sold.join(' and ')} order by s.sold desc, p.ranking desc, p.id limit ${limit})
      union all
      (select p.id, 0::numeric as k0, p.ranking as k1 from products p
        where ${unsold.join(' and ')} order by p.ranking desc, p.id limit ${limit})
    ) m order by m.k0 desc, m.k1 desc, m.id limit ${params.add(window.perPage + 1)}${offset}`;
  return { ctes: [sales], page };
}
