/**
 * The sales report's reads (issue 37, docs/decisions/0056-sales-reports.md): a shop's placed orders in a list of
 * buckets (instants the caller computed from the shop's local days, decision 0043), aggregated in one statement
 * per period — per bucket, and over the whole range split by channel, payment, agent, delivery and store, and
 * the coupons used. Rows follow the orders board's rules (board-repository.ts): an order's units and weight from
 * its lines, its payment method (the checkout's, else its latest charge's), paid when the ledger covers the total,
 * its sent refunds. Cancelled orders are counted apart; orders in Error are left out.
 */
import { LogisticType, OrderStatus } from '@vitrine/contracts/enums';
import type { Queryable } from '../../db/client.ts';

export type SalesReportFilter = {
  shopId: string;
  /** [start, end) instants of each bucket, in order. */
  buckets: { start: Date; end: Date }[];
  /** Only the orders this console user sold (through an agent session they opened). */
  staffUserId: string | null;
  channelType: number | null;
  /** false: the bucket figures only (the previous period). */
  splits: boolean;
};

export type SalesAggregateRow = {
  dim: 'bucket' | 'channel' | 'payment' | 'agent' | 'logistic' | 'store' | 'coupon';
  key: string | null;
  label: string | null;
  orders: number;
  revenue_cents: number;
  units: number;
  weight_kg: number;
  discount_cents: number;
  refunded_cents: number;
  canceled_orders: number;
  canceled_cents: number;
};

const COUNTED = `status in (${OrderStatus.Received}, ${OrderStatus.Finalized})`;
const FIGURES = `count(*) filter (where ${COUNTED})::int as orders,
  coalesce(sum(total_cents) filter (where ${COUNTED}), 0)::bigint::float8 as revenue_cents,
  coalesce(sum(units) filter (where ${COUNTED}), 0)::float8 as units,
  coalesce(sum(weight_kg) filter (where ${COUNTED}), 0)::float8 as weight_kg,
  coalesce(sum(discount_cents) filter (where ${COUNTED}), 0)::bigint::float8 as discount_cents,
  coalesce(sum(refunded_cents) filter (where ${COUNTED}), 0)::bigint::float8 as refunded_cents,
  count(*) filter (where status = ${OrderStatus.Canceled})::int as canceled_orders,
  coalesce(sum(total_cents) filter (where status = ${OrderStatus.Canceled}), 0)::bigint::float8 as canceled_cents`;

/** Each split: its key and label over the rows of `placed`. */
const SPLITS: Record<Exclude<SalesAggregateRow['dim'], 'bucket'>, { key: string; label: string }> = {
  channel: { key: 'channel_type::text', label: 'null' },
  payment: { key: `coalesce(method::text, 'none') || ':' || paid_state`, label: 'null' },
  agent: {
    key: `case when agent_name is null then 'customer' else coalesce('staff:' || agent_user, 'name:' || agent_name) end`,
    label: 'max(agent_name)',
  },
  logistic: {
    key: `case when logistic_type is null then 'none' when logistic_type = ${LogisticType.StorePickUp} then 'pickup' else 'delivery' end`,
    label: 'null',
  },
  store: { key: `coalesce(store, '')`, label: 'null' },
  coupon: { key: 'coupon', label: 'null' },
};

/** The figures of each bucket and, with `splits`, each split over the whole range (one statement). */
export async function salesAggregates(db: Queryable, f: SalesReportFilter): Promise<SalesAggregateRow[]> {
  const params: unknown[] = [
    f.shopId,
    f.buckets.map((b) => b.start.toISOString()),
    f.buckets.map((b) => b.end.toISOString()),
  ];
  const where = [`o.status in (${OrderStatus.Received}, ${OrderStatus.Finalized}, ${OrderStatus.Canceled})`];
  if (f.staffUserId) {
    params.push(f.staffUserId);
    where.push(`o.checkout->'agent'->>'staffUserId' = $${params.length}`);
  }
  if (f.channelType !== null) {
    params.push(f.channelType);
    where.push(`o.channel_type = $${params.length}`);
  }
  const selects = [
    `select 'bucket' as dim, i::text as key, null as label, ${FIGURES} from placed group by i`,
  ];
  if (f.splits)
    for (const [dim, s] of Object.entries(SPLITS))
      selects.push(
        `select '${dim}', ${s.key}, ${s.label}, ${FIGURES} from placed
          ${dim === 'coupon' ? 'where coupon is not null' : ''} group by 2`,
      );
  return db.query<SalesAggregateRow>(
    `with b as (
       select i, s, e from unnest($2::timestamptz[], $3::timestamptz[]) with ordinality as t(s, e, i)
     ), placed as materialized (
       select b.i, o.status, o.total_cents, o.discount_cents, o.channel_type,
              coalesce((o.checkout->>'paymentMethod')::int, pay.method) as method,
              case when led.paid_cents >= o.total_cents and led.paid_cents > 0 then 'paid' else 'waiting' end
                as paid_state,
              o.checkout->'agent'->>'staffUserId' as agent_user, o.checkout->'agent'->>'name' as agent_name,
              (o.checkout->'logistic'->>'type')::int as logistic_type, o.checkout->'seller'->>'name' as store,
              o.checkout->>'couponCode' as coupon, cnt.units, cnt.weight_kg, led.refunded_cents
         from b
         join orders o on o.shop_id = $1 and o.confirmed_at >= b.s and o.confirmed_at < b.e
         cross join lateral (
           select coalesce(sum(oi.quantity) filter (where not p.sold_in_kilo), 0) as units,
                  round(coalesce(sum(oi.quantity * coalesce(p.amount_in_kilo, 1)) filter (where p.sold_in_kilo), 0), 3)
                    as weight_kg
             from order_items oi join products p on p.id = oi.product_id
            where oi.order_id = o.id and not oi.is_gift) cnt
         left join lateral (select p.method from payments p where p.order_id = o.id
                             order by p.created_at desc limit 1) pay on true
         cross join lateral (
           select coalesce(sum(l.amount_cents) filter (where l.order_refund_id is null), 0) as paid_cents,
                  coalesce(-sum(l.amount_cents) filter (where l.order_refund_id is not null), 0) as refunded_cents
             from payment_ledger l where l.order_id = o.id) led
        where ${where.join(' and ')}
     )
     ${selects.join('\n union all ')}`,
    params,
  );
}
