/**
 * Sold-out days (Relatórios › Produtos, issue 37, decisions 0058 and 0069): per tracked product, how many of the
 * shop's local days [from, to] one of its units spent with nothing available at some moment. Read from one row per
 * product and month (migration 0097, `stock_sold_out_months`: the days of its closed sold-out spans as bits, kept by
 * triggers on the spans; a day counts once however many units' spans cover it), masked to the range's days and
 * counted, and the open spans (migration 0086, still sold out: until now), clipped to the range.
 * A unit that had never moved before the range has no span before it, so a product added later is not sold out
 * before it existed.
 * `soldOutDaysFromLedger` is the same answer replayed from the ledger (the read before the spans): the property
 * test holds the two equal.
 */
import { addDays, dayStart } from '@vitrine/contracts/shop-time';
import type { Queryable } from '../../db/client.ts';

export type SoldOutDaysRow = { product_id: string; name: string; days: number };

/** The spans, clipped to [$2, $3), cut into days of zone $4, counted per product (the ledger replay's count). */
const DAYS_OF_SPANS = `
     select sp.product_id, max(p.name) as name, count(distinct day.d)::int as days
       from spans sp join products p on p.id = sp.product_id
            cross join lateral generate_series((sp.s at time zone $4)::date,
              ((sp.e - interval '1 microsecond') at time zone $4)::date, interval '1 day') as day (d)
      where sp.e > sp.s
      group by sp.product_id`;

export function soldOutDays(db: Queryable, shopId: string, from: string, to: string, timeZone: string) {
  const [start, end] = [dayStart(from, timeZone), dayStart(addDays(to, 1), timeZone)];
  const month = (day: string) => `${day.slice(0, 7)}-01`;
  // Per product: its closed days in the range, plus the days [d0, d1] of its open spans (all end at now or the
  // range's end: their union is one interval, inside the range) less the closed days among them (a lookup per
  // product still sold out, by stock_sold_out_months_product_idx: a join was planned as a nested loop over every
  // month row and open product).
  return db.query<SoldOutDaysRow>(
    `with still_out as (
       select x.product_id, min((greatest(x.started_at, $2::timestamptz) at time zone $4)::date) as d0,
              ((least(now(), $3::timestamptz) - interval '1 microsecond') at time zone $4)::date as d1
         from stock_sold_out_spans x
        where x.shop_id = $1 and coalesce(x.ended_at, 'infinity'::timestamptz) = 'infinity' and x.ended_at is null
          and least(now(), $3::timestamptz) > greatest(x.started_at, $2::timestamptz)
        group by x.product_id
     ), counted as (
       select m.product_id,
              sum(bit_count((m.days & stock_sold_out_mask(m.month, $5::date, $6::date))::bit(32))) as days
         from stock_sold_out_months m
        where m.shop_id = $1 and m.month between $7::date and $8::date
        group by m.product_id
       union all
       select o.product_id, o.d1 - o.d0 + 1 - coalesce((
                select sum(bit_count((m.days & stock_sold_out_mask(m.month, o.d0, o.d1))::bit(32)))
                  from stock_sold_out_months m
                 where m.shop_id = $1 and m.product_id = o.product_id
                   and m.month between o.d0 - extract(day from o.d0)::int + 1 and o.d1), 0)
         from still_out o
     ), per_product as (
       select product_id, sum(days)::int as days from counted group by product_id
     )
     select c.product_id, p.name, c.days
       from per_product c join products p on p.id = c.product_id
      where c.days > 0 and exists (select 1 from stock_settings t where t.product_id = c.product_id and t.track)`,
    [shopId, start.toISOString(), end.toISOString(), timeZone, from, to, month(from), month(to)],
  );
}

/**
 * The ledger's replay from `start` on (`stock_movements_shop_time_idx`): a unit's available just after a movement
 * is its level now less the movements after it, and at `start` its level now less every movement since (only for a
 * unit that had moved before `start`). Each span with nothing available lasts until the unit's next movement (or
 * now). Kept as the spans' reference (tests), not read by the report.
 */
export function soldOutDaysFromLedger(
  db: Queryable,
  shopId: string,
  start: Date,
  end: Date,
  timeZone: string,
) {
  return db.query<SoldOutDaysRow>(
    `with moves as materialized (
       select m.unit_id, m.id, m.created_at as at, m.on_hand_delta - m.held_delta as d
         from stock_movements m where m.shop_id = $1 and m.created_at >= $2::timestamptz
     ), units as (
       select l.unit_id, l.product_id, l.available
         from stock_levels l join stock_settings s on s.product_id = l.product_id and s.track
        where l.shop_id = $1
     ), states as (
       select u.product_id, mv.at,
              u.available - coalesce(sum(mv.d) over (partition by mv.unit_id order by mv.id desc
                rows between unbounded preceding and 1 preceding), 0) as available,
              coalesce(lead(mv.at) over (partition by mv.unit_id order by mv.id), now()) as until
         from moves mv join units u on u.unit_id = mv.unit_id
       union all
       select u.product_id, $2::timestamptz, u.available - coalesce(sum(mv.d), 0), coalesce(min(mv.at), now())
         from units u left join moves mv on mv.unit_id = u.unit_id
        where exists (select 1 from stock_movements b where b.unit_id = u.unit_id and b.created_at < $2::timestamptz)
        group by u.unit_id, u.product_id, u.available
     ), spans as (
       select product_id, greatest(at, $2::timestamptz) as s, least(until, $3::timestamptz) as e
         from states where available <= 0
     ) ${DAYS_OF_SPANS}`,
    [shopId, start.toISOString(), end.toISOString(), timeZone],
  );
}
