/**
 * 'Relatórios › Vendas' and the home's today (issue 37, docs/decisions/0056-sales-reports.md): the range checked
 * (pt-BR 400s), its buckets as the shop's local days (decision 0043's helper), the figures of the range and of the
 * previous period of the same length, and the splits. Owners and managers see the whole shop (or one agent); an
 * atendente sees only what they sold, and asking for another agent's figures is 403.
 */
import {
  REPORT_CUSTOMER_LABEL,
  REPORT_LOGISTIC_LABELS,
  reportBuckets,
  type SalesFigures,
  type SalesReport,
  type SalesReportQuery,
  type SalesSplit,
  type TodaySales,
} from '@vitrine/contracts/console-reports';
import {
  BOARD_CHANNEL_LABELS,
  BOARD_CHANNELS,
  ORDER_ORIGIN_LABELS,
  ORDER_ORIGINS,
  PAYMENT_METHOD_LABELS,
} from '@vitrine/contracts/console-orders';
import { CHANNEL_BY_NAME } from '@vitrine/contracts/enums';
import { addDays, localDay } from '@vitrine/contracts/shop-time';
import type { Db } from '../../db/client.ts';
import { salesAggregates, type SalesAggregateRow } from '../../modules/order/service.ts';
import { agentScope, checkRange, type ReportViewer } from './range.ts';

function figuresOf(row: SalesAggregateRow | undefined): SalesFigures {
  const orders = row?.orders ?? 0;
  const revenueCents = row?.revenue_cents ?? 0;
  const refundedCents = row?.refunded_cents ?? 0;
  const units = row?.units ?? 0;
  return {
    orders,
    revenueCents,
    averageTicketCents: orders ? Math.round(revenueCents / orders) : 0,
    units,
    itemsPerOrder: orders ? Math.round((units / orders) * 100) / 100 : 0,
    weightKg: Math.round((row?.weight_kg ?? 0) * 1000) / 1000,
    discountCents: row?.discount_cents ?? 0,
    refundedCents,
    netCents: revenueCents - refundedCents,
  };
}

function sumOf(rows: SalesAggregateRow[]): SalesAggregateRow | undefined {
  if (rows.length === 0) return undefined;
  const keys = ['orders', 'revenue_cents', 'units', 'weight_kg', 'discount_cents', 'refunded_cents'] as const;
  const total = { ...rows[0]!, canceled_orders: 0, canceled_cents: 0 };
  for (const k of keys) total[k] = rows.reduce((sum, r) => sum + r[k], 0);
  for (const r of rows) {
    total.canceled_orders += r.canceled_orders;
    total.canceled_cents += r.canceled_cents;
  }
  return total;
}

const splitOf = (r: SalesAggregateRow, label: string): SalesSplit => ({
  key: r.key ?? '',
  label,
  orders: r.orders,
  revenueCents: r.revenue_cents,
});
const byRevenue = (a: SalesSplit, b: SalesSplit) =>
  b.revenueCents - a.revenueCents || a.label.localeCompare(b.label);
/** A channel split's label: the order's origin (WhatsApp's catalogue) or its channel, as the orders CSV says. */
function channelLabel(key: string): string {
  const origin = ORDER_ORIGINS.find((o) => o === key);
  if (origin) return ORDER_ORIGIN_LABELS[origin];
  return BOARD_CHANNEL_LABELS[
    BOARD_CHANNELS.find((name) => String(CHANNEL_BY_NAME[name]) === key) ?? 'webchat'
  ];
}

/** The sales report of a range for `viewer` (the range in the shop's local days, both in). */
export async function salesReport(db: Db, viewer: ReportViewer, q: SalesReportQuery): Promise<SalesReport> {
  const days = checkRange(q);
  const staffUserId = agentScope(viewer, q.agent);
  const zone = viewer.shop.timeZone;
  const days_ = reportBuckets(q.from, q.to, q.bucket);
  const shifted = (shift: number) =>
    days_.map((b) => ({ from: addDays(b.from, shift), to: addDays(b.to, shift) }));
  const base = {
    shopId: viewer.shop.id,
    timeZone: zone,
    staffUserId,
    channelType: q.channel ? CHANNEL_BY_NAME[q.channel] : null,
  };
  const [current, previous] = await Promise.all([
    salesAggregates(db, { ...base, buckets: shifted(0), splits: true }),
    salesAggregates(db, { ...base, buckets: shifted(-days), splits: false }),
  ]);
  const dim = (rows: SalesAggregateRow[], name: SalesAggregateRow['dim']) =>
    rows.filter((r) => r.dim === name);
  const bucketRow = (rows: SalesAggregateRow[], i: number) =>
    dim(rows, 'bucket').find((r) => r.key === String(i + 1));
  const currentTotals = sumOf(dim(current, 'bucket'));
  const payments = new Map<string, SalesReport['byPayment'][number]>();
  for (const r of dim(current, 'payment')) {
    const [method, state] = (r.key ?? 'none:waiting').split(':') as [string, 'paid' | 'waiting'];
    const entry = payments.get(method) ?? {
      key: method,
      label: method === 'none' ? 'A definir' : (PAYMENT_METHOD_LABELS[Number(method)] ?? 'Outro'),
      paid: { orders: 0, revenueCents: 0 },
      waiting: { orders: 0, revenueCents: 0 },
    };
    entry[state] = { orders: r.orders, revenueCents: r.revenue_cents };
    payments.set(method, entry);
  }
  const agents = dim(current, 'agent');
  return {
    from: q.from,
    to: q.to,
    bucket: q.bucket,
    timeZone: zone,
    previous: { from: addDays(q.from, -days), to: addDays(q.to, -days) },
    totals: figuresOf(currentTotals),
    previousTotals: figuresOf(sumOf(dim(previous, 'bucket'))),
    buckets: days_.map((b, i) => ({
      from: b.from,
      to: b.to,
      current: figuresOf(bucketRow(current, i)),
      previous: figuresOf(bucketRow(previous, i)),
    })),
    canceled: { orders: currentTotals?.canceled_orders ?? 0, totalCents: currentTotals?.canceled_cents ?? 0 },
    byChannel: dim(current, 'channel')
      .filter((r) => r.orders > 0)
      .map((r) => splitOf(r, channelLabel(r.key ?? '')))
      .sort(byRevenue),
    byPayment: [...payments.values()]
      .filter((p) => p.paid.orders + p.waiting.orders > 0)
      .sort(
        (a, b) => b.paid.revenueCents + b.waiting.revenueCents - a.paid.revenueCents - a.waiting.revenueCents,
      ),
    byAgent: agents
      .filter((r) => r.orders > 0)
      .map((r) => splitOf(r, r.key === 'customer' ? REPORT_CUSTOMER_LABEL : (r.label ?? '')))
      .sort(byRevenue),
    byLogistic: dim(current, 'logistic')
      .filter((r) => r.orders > 0)
      .map((r) => splitOf(r, REPORT_LOGISTIC_LABELS[r.key as keyof typeof REPORT_LOGISTIC_LABELS]))
      .sort(byRevenue),
    byStore: dim(current, 'store')
      .filter((r) => r.orders > 0)
      .map((r) => splitOf(r, r.key || 'Sem loja'))
      .sort(byRevenue),
    coupons: dim(current, 'coupon')
      .filter((r) => r.orders > 0)
      .map((r) => ({ code: r.key ?? '', orders: r.orders, discountCents: r.discount_cents }))
      .sort((a, b) => b.orders - a.orders || a.code.localeCompare(b.code)),
    scope: viewer.role === 'agent' ? 'agent' : 'shop',
    agents:
      viewer.role === 'agent'
        ? []
        : agents
            .filter((r) => r.key?.startsWith('staff:'))
            .map((r) => ({ id: r.key!.slice('staff:'.length), name: r.label ?? '' })),
  };
}

/** Today's orders, sales and average ticket in the shop's day (the home's three numbers). */
export async function todaySales(db: Db, viewer: ReportViewer, now = new Date()): Promise<TodaySales> {
  const day = localDay(now, viewer.shop.timeZone);
  const rows = await salesAggregates(db, {
    shopId: viewer.shop.id,
    timeZone: viewer.shop.timeZone,
    buckets: [{ from: day, to: day }],
    staffUserId: agentScope(viewer, undefined),
    channelType: null,
    splits: false,
  });
  const figures = figuresOf(rows[0]);
  return {
    day,
    orders: figures.orders,
    revenueCents: figures.revenueCents,
    averageTicketCents: figures.averageTicketCents,
    scope: viewer.role === 'agent' ? 'agent' : 'shop',
  };
}
