/**
 * Relatórios › Funil's reads (issue 37, decisions 0058 and 0064): each stage of a shop's conversational funnel counted
 * when it happened, per bucket of the shop's local days and per channel: links minted (contact sessions'
 * `created_at`; an anonymous visit — the shop's own link, its QR code on the counter, user `anonymous-…` — is no link
 * sent) and first opened (`opened_at`), carts that got a product (orders by `created_at`, left Creating or with an
 * amount), orders confirmed (`confirmed_at`, cancelled ones included: they were confirmed), paid (the order's first
 * money ever received) and delivered (`fulfilment_at` of the last step). And the recovery's reminders sent and
 * orders recovered.
 */
import { OrderStatus } from '@vitrine/contracts/enums';
import type { Queryable } from '../../db/client.ts';

export type FunnelRow = { stage: string; channel_type: number; i: number; n: number };
export type FunnelFilter = {
  shopId: string;
  /** The buckets' first local days, in order; `to` is the last one's last day. */
  days: string[];
  to: string;
  channelType: number | null;
};

/**
 * The counts from the daily rollup (migration 0094): the folded days plus the deltas not folded yet, in one
 * statement, so the answer is the raw rows' (`funnelCountsRaw`) whenever it reads.
 */
export function funnelCounts(db: Queryable, f: FunnelFilter) {
  return db.query<FunnelRow>(
    `with f as (
       select stage, channel_type, day, n from funnel_days
        where shop_id = $1 and day >= $3::date and day <= $4::date
          and ($5::smallint is null or channel_type = $5::smallint)
       union all
       select d.stage, d.channel_type, (d.at at time zone s.time_zone)::date, d.n
         from funnel_deltas d join shops s on s.id = d.shop_id
        where d.shop_id = $1 and ($5::smallint is null or d.channel_type = $5::smallint)
     )
     select stage, channel_type::int, width_bucket(day, $2::date[]) as i, sum(n)::int as n
       from f where day >= $3::date and day <= $4::date
      group by 1, 2, 3 having sum(n) <> 0`,
    [f.shopId, f.days, f.days[0], f.to, f.channelType],
  );
}

export type FunnelRawFilter = {
  shopId: string;
  /** The buckets' first instants, in order; `end` is the last one's end. */
  starts: Date[];
  end: Date;
  channelType: number | null;
};

/** The same counts from the raw sessions, orders and ledger rows (the reference the rollup is held to). */
export function funnelCountsRaw(db: Queryable, f: FunnelRawFilter) {
  const range = (column: string) => `${column} >= $3::timestamptz and ${column} < $4::timestamptz`;
  const channel = (alias: string) => `($5::smallint is null or ${alias}.channel_type = $5::smallint)`;
  return db.query<FunnelRow>(
    `with starts as materialized (select $2::timestamptz[] as at), ev as (
       select 'minted' as stage, s.channel_type, s.created_at as at from sessions s
        where s.shop_id = $1 and s.session_type = 0 and s.user_id not like 'anonymous-%' and ${range('s.created_at')}
          and ${channel('s')}
       union all
       select 'opened', s.channel_type, s.opened_at from sessions s
        where s.shop_id = $1 and s.session_type = 0 and s.user_id not like 'anonymous-%' and ${range('s.opened_at')}
          and ${channel('s')}
       union all
       select 'added', o.channel_type, o.created_at from orders o
        where o.shop_id = $1 and ${range('o.created_at')} and ${channel('o')}
          and (o.status <> ${OrderStatus.Creating} or o.items_amount_cents > 0)
       union all
       select 'confirmed', o.channel_type, o.confirmed_at from orders o
        where o.shop_id = $1 and ${range('o.confirmed_at')} and ${channel('o')}
          and o.status in (${OrderStatus.Received}, ${OrderStatus.Finalized}, ${OrderStatus.Canceled})
       union all
       select 'paid', o.channel_type, l.at
         from (select order_id, min(received_at) as at from payment_ledger
                where shop_id = $1 and kind = 'received' group by order_id) l
         join orders o on o.id = l.order_id
        where ${range('l.at')} and ${channel('o')}
       union all
       select 'delivered', o.channel_type, o.fulfilment_at from orders o
        where o.shop_id = $1 and o.fulfilment = 'delivered' and ${range('o.fulfilment_at')} and ${channel('o')}
     )
     select ev.stage, ev.channel_type::int, width_bucket(ev.at, starts.at) as i, count(*)::int as n
       from starts cross join ev group by 1, 2, 3`,
    [
      f.shopId,
      f.starts.map((d) => d.toISOString()),
      f.starts[0]!.toISOString(),
      f.end.toISOString(),
      f.channelType,
    ],
  );
}

/** The recovery's reminders sent in [start, end) and the orders they brought back then, with their value. */
export async function recoveryResults(db: Queryable, shopId: string, start: Date, end: Date) {
  const [row] = await db.query<{ reminders: number; orders: number; value_cents: number }>(
    `select (select count(*) from recovery_reminders
              where shop_id = $1 and state = 'sent' and sent_at >= $2::timestamptz and sent_at < $3::timestamptz)::int
              as reminders,
            count(*)::int as orders, coalesce(sum(value_cents), 0)::bigint::float8 as value_cents
       from recovery_recoveries where shop_id = $1 and confirmed_at >= $2::timestamptz and confirmed_at < $3::timestamptz`,
    [shopId, start.toISOString(), end.toISOString()],
  );
  return row!;
}
