/**
 * The check before a new charge of a Received order holds its stock again (decision 0044; the unpaid-order
 * reminders' new code, decision 0057). Reads only: `repository.ts` owns the stock tables.
 */
import type { Queryable } from '../../db/client.ts';

/**
 * Whether order `orderId`'s lines could be held now (a new charge of a Received order holds them again, decision
 * 0044): what each tracked, non-gift unit without backorder still needs beyond what the order holds — the
 * difference migration 0050's `stock_hold_order` takes — fits what is available. Reads only; the hold itself is
 * the charge's trigger (a unit that went meanwhile refuses it there).
 */
export async function canHoldOrder(db: Queryable, orderId: string): Promise<boolean> {
  const [row] = await db.query<{ short: number }>(
    `select count(*)::int as short
       from (select coalesce(i.variant_id, i.product_id) as unit_id,
                    sum(case when p.sold_in_kilo then round(i.quantity * coalesce(p.amount_in_kilo, 1) * 1000)
                             else ceil(i.quantity) end)::integer as wanted
               from order_items i
               join products p on p.id = i.product_id
               join stock_settings s on s.product_id = i.product_id and s.track and not s.allow_backorder
              where i.order_id = $1 and not i.is_gift
              group by 1) w
       left join stock_levels l on l.unit_id = w.unit_id
      where coalesce(l.on_hand - l.held, 0) < w.wanted - coalesce(
              (select sum(m.held_delta) from stock_movements m where m.order_id = $1 and m.unit_id = w.unit_id), 0)`,
    [orderId],
  );
  return (row?.short ?? 0) === 0;
}
