/**
 * Sold-out days (Relatórios › Produtos, issue 37, decision 0058): per tracked product, how many of the shop's local
 * days in [start, end) one of its units spent with nothing available at some moment. Read from the sold-out spans
 * (migration 0086, kept by a trigger after every ledger row) that overlap the range (`stock_sold_out_spans_range_idx`):
 * an open span lasts until now; each span is clipped to the range, its first and last local days taken, and the
 * union of those days counted per product. A unit that had never moved before the range has no span before it, so
 * a product added later is not sold out before it existed.
 * `soldOutDaysFromLedger` is the same answer replayed from the ledger (the read before the spans): the property
 * test holds the two equal.
 */
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

/**
 * The spans' days counted without listing them: each span is its first and last local day; sorted per product, a
 * span adds the days after the latest last day of the spans before it (the union of whole-day intervals).
 */
const DAYS_OF_SPANS_UNION = `,
     days as (
       select product_id, (s at time zone $4)::date as d0, ((e - interval '1 microsecond') at time zone $4)::date as d1
         from spans where e > s
     ), added as (
       select product_id, d0, d1,
              max(d1) over (partition by product_id order by d0, d1 rows between unbounded preceding and 1 preceding)
                as before
         from days
     )
     select a.product_id, max(p.name) as name,
            sum(greatest(0, a.d1 - greatest(a.d0, coalesce(a.before + 1, a.d0)) + 1))::int as days
       from added a join products p on p.id = a.product_id
      group by a.product_id`;

export function soldOutDays(db: Queryable, shopId: string, start: Date, end: Date, timeZone: string) {
  return db.query<SoldOutDaysRow>(
    `with spans as (
       select x.product_id, greatest(x.started_at, $2::timestamptz) as s,
              least(coalesce(x.ended_at, now()), $3::timestamptz) as e
         from stock_sold_out_spans x
        where x.shop_id = $1 and coalesce(x.ended_at, 'infinity'::timestamptz) > $2::timestamptz
          and x.started_at < $3::timestamptz
          and exists (select 1 from stock_settings t where t.product_id = x.product_id and t.track)
     )${DAYS_OF_SPANS_UNION}`,
    [shopId, start.toISOString(), end.toISOString(), timeZone],
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
