/**
 * The sales report's reads (issue 37, docs/decisions/0056-sales-reports.md, 0068-sales-rollup.md): a shop's placed
 * orders in a list of buckets (the shop's local days), aggregated in one statement per period — per bucket, and
 * over the whole range split by channel, payment, agent, delivery and store, and the coupons used. Rows follow the
 * orders board's rules (board-repository.ts): an order's units and weight from its lines, its payment method (the
 * checkout's, else its latest charge's), paid when the ledger covers the total, its sent refunds. Cancelled orders
 * are counted apart; orders in Error are left out.
 *
 * The figures are read from the daily and monthly rollups (migration 0096: `sales_days`, `sales_months`) for the
 * days no change has marked, and from the raw rows for the marked ones (`product_sales_dirty`), so the answer is
 * exact whenever it reads. `salesAggregatesRaw` is the same answer from the raw rows alone (the tests' reference).
 */
import { LogisticType, OrderStatus } from '@vitrine/contracts/enums';
import { addDays, dayStart, monthSplit } from '@vitrine/contracts/shop-time';
import { queryWithoutJit, type Db } from '../../db/client.ts';

export type SalesReportFilter = {
  shopId: string;
  timeZone: string;
  /** The buckets' shop-local days [from, to] (both in), in order and back to back. */
  buckets: { from: string; to: string }[];
  /** Only the orders this console user sold (through an agent session they opened). */
  staffUserId: string | null;
  channelType: number | null;
  /** false: the bucket figures only (the previous period). */
  splits: boolean;
};

export type SalesDim = 'bucket' | 'channel' | 'payment' | 'agent' | 'logistic' | 'store' | 'coupon';

export type SalesAggregateRow = {
  dim: SalesDim;
  /** The bucket's number from 1 (dim 'bucket'), else the split's key. */
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

const PLACED_STATUSES = `${OrderStatus.Received}, ${OrderStatus.Finalized}, ${OrderStatus.Canceled}`;
const COUNTED = `status in (${OrderStatus.Received}, ${OrderStatus.Finalized})`;
/** A group's figures over rows of `placed` (sums kept exact: numeric and bigint). */
const SUMS = `count(*) filter (where ${COUNTED}) as orders,
  coalesce(sum(total_cents) filter (where ${COUNTED}), 0) as revenue_cents,
  coalesce(sum(units) filter (where ${COUNTED}), 0) as units,
  coalesce(sum(weight_kg) filter (where ${COUNTED}), 0) as weight_kg,
  coalesce(sum(discount_cents) filter (where ${COUNTED}), 0) as discount_cents,
  coalesce(sum(refunded_cents) filter (where ${COUNTED}), 0) as refunded_cents,
  count(*) filter (where status = ${OrderStatus.Canceled}) as canceled_orders,
  coalesce(sum(total_cents) filter (where status = ${OrderStatus.Canceled}), 0) as canceled_cents`;
/** The figure columns of a rollup row, in the tables' order. */
export const FIGURE_COLUMNS = [
  'orders',
  'revenue_cents',
  'units',
  'weight_kg',
  'discount_cents',
  'refunded_cents',
  'canceled_orders',
  'canceled_cents',
] as const;
const figures = (sign = '') => FIGURE_COLUMNS.map((c) => `${sign}${c} as ${c}`).join(', ');

/** Each split: its key and label over the rows of `placed`. */
const SPLITS: Record<Exclude<SalesDim, 'bucket'>, { key: string; label: string }> = {
  // An order from WhatsApp's own catalogue is its own line, as the orders CSV's 'Canal' says.
  channel: { key: 'coalesce(origin, channel_type::text)', label: 'null' },
  payment: { key: `coalesce(method::text, 'none') || ':' || paid_state`, label: 'null' },
  agent: {
    key: `case when agent_name is null then 'customer' else coalesce('staff:' || agent_id, 'name:' || agent_name) end`,
    label: 'max(agent_name)',
  },
  logistic: {
    key: `case when logistic_type is null then 'none' when logistic_type = ${LogisticType.StorePickUp} then 'pickup' else 'delivery' end`,
    label: 'null',
  },
  store: { key: `coalesce(store, '')`, label: 'null' },
  coupon: { key: 'coupon', label: 'null' },
};

/** An orders row `o`'s columns for `placed`, `day` its shop-local day. */
export const orderColumns = (day: string) => `o.id, ${day} as day, o.status, o.total_cents, o.discount_cents,
  o.channel_type, o.checkout,
  case when exists (select 1 from whatsapp_catalog_orders w where w.order_id = o.id) then 'whatsapp_catalog' end
    as origin`;

/** The columns of `placed` over `o` and an order's `cnt` (units, weight), `pay` (method) and `led` (ledger sums). */
const PLACED_COLUMNS = `o.day, o.status, o.total_cents, o.discount_cents, o.channel_type, o.origin,
  coalesce((o.checkout->>'paymentMethod')::int, pay.method) as method,
  case when coalesce(led.paid_cents, 0) >= o.total_cents and coalesce(led.paid_cents, 0) > 0
       then 'paid' else 'waiting' end as paid_state,
  o.checkout->'agent'->>'staffUserId' as agent_id, coalesce(o.checkout->'agent'->>'staffUserId', '') as agent_user,
  o.checkout->'agent'->>'name' as agent_name, (o.checkout->'logistic'->>'type')::int as logistic_type,
  o.checkout->'seller'->>'name' as store, o.checkout->>'couponCode' as coupon, coalesce(cnt.units, 0) as units,
  coalesce(cnt.weight_kg, 0) as weight_kg, coalesce(led.refunded_cents, 0) as refunded_cents`;
const UNITS = `coalesce(sum(oi.quantity) filter (where not p.sold_in_kilo), 0) as units,
  round(coalesce(sum(oi.quantity * coalesce(p.amount_in_kilo, 1)) filter (where p.sold_in_kilo), 0), 3) as weight_kg`;
const LEDGER = `coalesce(sum(l.amount_cents) filter (where l.order_refund_id is null), 0) as paid_cents,
  coalesce(-sum(l.amount_cents) filter (where l.order_refund_id is not null), 0) as refunded_cents`;

/**
 * After a CTE `o` (orderColumns): `placed`, a row per order with its lines, latest charge and ledger. `lookups`
 * reads them per order by their order indexes (a day or a few: the refresher, the marked days), else by joins of
 * the shop's rows (a year of raw rows: hash joins; the planner cannot tell a day's orders from a year's when their
 * instants come from the shop's zone, and chose hash joins over every line of the shop for one day).
 */
export function placed(lookups: boolean): string {
  if (lookups)
    return `placed as materialized (
      select ${PLACED_COLUMNS}
        from o
        cross join lateral (
          select ${UNITS} from order_items oi join products p on p.id = oi.product_id
           where oi.order_id = o.id and not oi.is_gift
        ) cnt
        left join lateral (
          select p.method from payments p where p.order_id = o.id order by p.created_at desc limit 1
        ) pay on true
        cross join lateral (select ${LEDGER} from payment_ledger l where l.order_id = o.id) led
    )`;
  return `cnt as (
      select oi.order_id, ${UNITS}
        from o join order_items oi on oi.order_id = o.id join products p on p.id = oi.product_id
       where not oi.is_gift
       group by oi.order_id
    ), pay as (
      select distinct on (p.order_id) p.order_id, p.method
        from o join payments p on p.order_id = o.id
       order by p.order_id, p.created_at desc
    ), led as (
      select l.order_id, ${LEDGER} from o join payment_ledger l on l.order_id = o.id group by l.order_id
    ), placed as materialized (
      select ${PLACED_COLUMNS}
        from o left join cnt on cnt.order_id = o.id left join pay on pay.order_id = o.id
             left join led on led.order_id = o.id
    )`;
}

/** The rollup's rows of `placed`: per day, dim, channel, staff user and key (`splits`: every dim, else buckets). */
export function dayRows(splits: boolean): string {
  const selects = [
    `select day, 'bucket' as dim, channel_type, agent_user, '' as key, null as label, ${SUMS}
       from placed group by day, channel_type, agent_user`,
  ];
  if (splits)
    for (const [dim, s] of Object.entries(SPLITS))
      selects.push(
        `select day, '${dim}', channel_type, agent_user, ${s.key}, ${s.label}, ${SUMS} from placed
          ${dim === 'coupon' ? 'where coupon is not null' : ''} group by day, channel_type, agent_user, 5`,
      );
  return selects.join('\n union all ');
}

/** The report's rows from `rows` (day, dim, key, label, figures): buckets by their first days ($2), splits by key. */
const aggregate = `select dim, case when dim = 'bucket' then width_bucket(day, $2::date[])::text else key end as key,
    max(label) as label, sum(orders)::int as orders, sum(revenue_cents)::bigint::float8 as revenue_cents,
    sum(units)::float8 as units, sum(weight_kg)::float8 as weight_kg,
    sum(discount_cents)::bigint::float8 as discount_cents, sum(refunded_cents)::bigint::float8 as refunded_cents,
    sum(canceled_orders)::int as canceled_orders, sum(canceled_cents)::bigint::float8 as canceled_cents
  from rows group by 1, 2 having sum(orders) <> 0 or sum(canceled_orders) <> 0`;

function filters(f: SalesReportFilter, params: unknown[]) {
  const raw: string[] = [];
  const rolled: string[] = [];
  if (f.staffUserId) {
    params.push(f.staffUserId);
    raw.push(`o.checkout->'agent'->>'staffUserId' = $${params.length}`);
    rolled.push(`agent_user = $${params.length}`);
  }
  if (f.channelType !== null) {
    params.push(f.channelType);
    raw.push(`o.channel_type = $${params.length}`);
    rolled.push(`channel_type = $${params.length}`);
  }
  return { raw: raw.map((w) => ` and ${w}`).join(''), rolled: rolled.map((w) => ` and ${w}`).join('') };
}

/**
 * The figures of each bucket and, with `splits`, each split over the whole range (one statement): the buckets from
 * the unmarked days' rows; the splits from the months the range covers plus or minus the days at its edges
 * (`monthSplit`, as Produtos reads its months: decision 0063), less the stale rows of the marked days the months
 * hold; and every marked day of the range from the raw rows (its orders by `orders_board_status_idx`).
 */
export async function salesAggregates(db: Db, f: SalesReportFilter): Promise<SalesAggregateRow[]> {
  const from = f.buckets[0]!.from;
  const to = f.buckets.at(-1)!.to;
  const m = monthSplit(from, to);
  const params: unknown[] = [f.shopId, f.buckets.map((b) => b.from), from, to, f.timeZone];
  const w = filters(f, params);
  const cols = `dim, key, label, ${FIGURE_COLUMNS.join(', ')}`;
  const parts = [
    `select day, ${cols} from (${dayRows(f.splits)}) r`,
    `select day, ${cols} from sales_days
      where shop_id = $1 and dim = 'bucket' and day between $3::date and $4::date
        and day not in (select day from marked)${w.rolled}`,
  ];
  if (f.splits) {
    const p = params.length;
    params.push(m.monthFrom, m.monthTo, ...m.slots);
    const slot = (a: number, b: number, sign: number) =>
      `select null::date, dim, key, label, ${figures(`$${sign}::int * `)} from sales_days
        where shop_id = $1 and dim <> 'bucket' and day between $${a}::date and $${b}::date
          and ($${sign}::int < 0 or day not in (select day from marked))${w.rolled}`;
    parts.push(
      `select null::date, ${cols} from sales_months
        where shop_id = $1 and dim <> 'bucket' and month >= $${p + 1}::date and month < $${p + 2}::date${w.rolled}`,
      slot(p + 3, p + 4, p + 5),
      slot(p + 6, p + 7, p + 8),
      `select null::date, dim, key, label, ${figures('-')} from marked k join sales_days d
          on d.shop_id = $1 and d.day = k.day
        where d.dim <> 'bucket' and k.day >= $${p + 1}::date and k.day < $${p + 2}::date${w.rolled}`,
    );
  }
  const sql = `with marked as (
       select day from product_sales_dirty where shop_id = $1 and day between $3::date and $4::date
     ), o as materialized (
       select ${orderColumns('m.day')}
         from marked m
         join orders o on o.shop_id = $1 and o.status in (${PLACED_STATUSES})
              and o.confirmed_at >= (m.day::timestamp at time zone $5)
              and o.confirmed_at < ((m.day + 1)::timestamp at time zone $5)${w.raw}
     ), ${placed(true)}, rows as (
       ${parts.join('\n union all ')}
     ) ${aggregate}`;
  // PostgreSQL's JIT would compile this statement's many expressions on every call (seconds on a busy machine)
  // to save milliseconds on a few thousand rows.
  return queryWithoutJit<SalesAggregateRow>(db, sql, params);
}

/** The same figures from the raw rows alone: the statement the report ran before the rollup (the tests' reference). */
export function salesAggregatesRaw(db: Db, f: SalesReportFilter): Promise<SalesAggregateRow[]> {
  const from = f.buckets[0]!.from;
  const to = f.buckets.at(-1)!.to;
  const params: unknown[] = [
    f.shopId,
    f.buckets.map((b) => b.from),
    dayStart(from, f.timeZone).toISOString(),
    dayStart(addDays(to, 1), f.timeZone).toISOString(),
    f.timeZone,
  ];
  const w = filters(f, params);
  const sql = `with o as materialized (
       select ${orderColumns('(o.confirmed_at at time zone $5)::date')} from orders o
        where o.shop_id = $1 and o.confirmed_at >= $3::timestamptz and o.confirmed_at < $4::timestamptz
          and o.status in (${PLACED_STATUSES})${w.raw}
     ), ${placed(false)}, rows as (
       select day, dim, key, label, ${FIGURE_COLUMNS.join(', ')} from (${dayRows(f.splits)}) r
     )
     ${aggregate}`;
  return queryWithoutJit<SalesAggregateRow>(db, sql, params);
}
