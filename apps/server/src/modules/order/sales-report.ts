/**
 * The sales report's reads (issue 37, docs/decisions/0056-sales-reports.md): a shop's placed orders in a list of
 * buckets (instants the caller computed from the shop's local days, decision 0043), aggregated in one statement
 * per period — per bucket, and over the whole range split by channel, payment, agent, delivery and store, and
 * the coupons used. Rows follow the orders board's rules (board-repository.ts): an order's units and weight from
 * its lines, its payment method (the checkout's, else its latest charge's), paid when the ledger covers the total,
 * its sent refunds. Cancelled orders are counted apart; orders in Error are left out.
 */
import { LogisticType, OrderStatus } from '@vitrine/contracts/enums';
import { queryWithoutJit, type Db } from '../../db/client.ts';

export type SalesReportFilter = {
  shopId: string;
  /** [start, end) instants of each bucket, in order and back to back (each starts where the one before ends). */
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
  // An order from WhatsApp's own catalogue is its own line, as the orders CSV's 'Canal' says.
  channel: { key: 'coalesce(origin, channel_type::text)', label: 'null' },
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

/**
 * The figures of each bucket and, with `splits`, each split over the whole range (one statement). The orders of the
 * range are read once by `orders_board_status_idx`, given their bucket by `width_bucket` over the buckets' starts
 * (cast once: a cast per order cost 25 ms per 1,000 orders), then joined to their lines, latest charge and ledger.
 * The range's first and last instants are parameters of their own, so the planner sees how many orders it holds:
 * index look-ups for a day, hash joins for a year.
 */
export async function salesAggregates(db: Db, f: SalesReportFilter): Promise<SalesAggregateRow[]> {
  const params: unknown[] = [
    f.shopId,
    f.buckets.map((b) => b.start.toISOString()),
    f.buckets.at(-1)!.end.toISOString(),
    f.buckets[0]!.start.toISOString(),
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
  const sql = `with starts as materialized (select $2::timestamptz[] as at), o as materialized (
       select o.id, width_bucket(o.confirmed_at, starts.at) as i, o.status, o.total_cents, o.discount_cents,
              o.channel_type, o.checkout,
              case when exists (select 1 from whatsapp_catalog_orders w where w.order_id = o.id)
                   then 'whatsapp_catalog' end as origin
         from starts cross join orders o
        where o.shop_id = $1 and o.confirmed_at >= $4::timestamptz and o.confirmed_at < $3::timestamptz
          and ${where.join(' and ')}
     ), cnt as (
       select oi.order_id, coalesce(sum(oi.quantity) filter (where not p.sold_in_kilo), 0) as units,
              round(coalesce(sum(oi.quantity * coalesce(p.amount_in_kilo, 1)) filter (where p.sold_in_kilo), 0), 3)
                as weight_kg
         from o join order_items oi on oi.order_id = o.id join products p on p.id = oi.product_id
        where not oi.is_gift
        group by oi.order_id
     ), pay as (
       select distinct on (p.order_id) p.order_id, p.method
         from o join payments p on p.order_id = o.id
        order by p.order_id, p.created_at desc
     ), led as (
       select l.order_id,
              coalesce(sum(l.amount_cents) filter (where l.order_refund_id is null), 0) as paid_cents,
              coalesce(-sum(l.amount_cents) filter (where l.order_refund_id is not null), 0) as refunded_cents
         from o join payment_ledger l on l.order_id = o.id
        group by l.order_id
     ), placed as materialized (
       select o.i, o.status, o.total_cents, o.discount_cents, o.channel_type, o.origin,
              coalesce((o.checkout->>'paymentMethod')::int, pay.method) as method,
              case when coalesce(led.paid_cents, 0) >= o.total_cents and coalesce(led.paid_cents, 0) > 0
                   then 'paid' else 'waiting' end as paid_state,
              o.checkout->'agent'->>'staffUserId' as agent_user, o.checkout->'agent'->>'name' as agent_name,
              (o.checkout->'logistic'->>'type')::int as logistic_type, o.checkout->'seller'->>'name' as store,
              o.checkout->>'couponCode' as coupon, coalesce(cnt.units, 0) as units,
              coalesce(cnt.weight_kg, 0) as weight_kg, coalesce(led.refunded_cents, 0) as refunded_cents
         from o left join cnt on cnt.order_id = o.id left join pay on pay.order_id = o.id
              left join led on led.order_id = o.id
     )
     ${selects.join('\n union all ')}`;
  // PostgreSQL's JIT would compile this statement's many expressions on every call (seconds on a busy machine)
  // to save milliseconds on a few thousand rows.
  return queryWithoutJit<SalesAggregateRow>(db, sql, params);
}
