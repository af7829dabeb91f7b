/**
 * The console's 'Relatórios › Vendas' (issue 37, docs/decisions/0056-sales-reports.md): the query kept in the
 * console's URL, the buckets of the shop's local days, and the report's figures. Money in centavos; cancelled
 * orders are apart from the revenue; refunds are shown apart (revenue is what was sold, net = revenue − refunds).
 */
import { z } from 'zod';
import { addDays, weekdayOf } from './shop-time.ts';

export const REPORT_BUCKETS = ['day', 'week', 'month'] as const;
export type ReportBucket = (typeof REPORT_BUCKETS)[number];
export const REPORT_BUCKET_LABELS: Record<ReportBucket, string> = {
  day: 'Dia',
  week: 'Semana',
  month: 'Mês',
};

/** The longest range a report answers (two years, as the shop keeps its orders on screen). */
export const REPORT_MAX_DAYS = 731;
/** The most day buckets one report draws (a year by day; longer ranges go by week or month). */
export const REPORT_MAX_DAY_BUCKETS = 366;

/** A calendar day 'AAAA-MM-DD' that exists (not 2026-13-01 nor 2026-02-30). */
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida: use AAAA-MM-DD')
  .refine((day) => {
    const at = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
  }, 'Data inválida: esse dia não existe');

export const salesReportQuery = z
  .object({
    from: isoDay,
    to: isoDay,
    bucket: z.enum(REPORT_BUCKETS, 'Agrupamento inválido: use dia, semana ou mês').default('day'),
    /** One agent's figures (a staff member's id); an atendente may name only themselves. */
    agent: z
      .string()
      .regex(/^stu_[0-9a-z]{26}$/, 'Atendente inválido')
      .optional(),
    channel: z.enum(['whatsapp', 'messenger', 'webchat', 'instagram'], 'Canal inválido').optional(),
  })
  .strict();
export type SalesReportQuery = z.infer<typeof salesReportQuery>;

/** The report's charts, each with its table and its CSV. */
export const REPORT_CHARTS = [
  'periods',
  'channel',
  'payment',
  'agent',
  'logistic',
  'store',
  'coupons',
] as const;
export type ReportChart = (typeof REPORT_CHARTS)[number];
export const REPORT_CHART_FILES: Record<ReportChart, string> = {
  periods: 'vendas-por-periodo',
  channel: 'vendas-por-canal',
  payment: 'vendas-por-pagamento',
  agent: 'vendas-por-atendente',
  logistic: 'vendas-por-entrega',
  store: 'vendas-por-loja',
  coupons: 'cupons',
};
export const salesChartQuery = salesReportQuery.extend({
  chart: z.enum(REPORT_CHARTS, 'Gráfico inválido'),
});

const cents = z.number().int();
export const salesFigures = z.object({
  orders: z.number().int(),
  revenueCents: cents,
  averageTicketCents: cents,
  /** Units of unit-priced lines (the orders CSV's 'Itens'); kilo products are in weightKg. */
  units: z.number(),
  itemsPerOrder: z.number(),
  weightKg: z.number(),
  discountCents: cents,
  /** What sent refunds gave back on these orders (shown apart; not taken from revenueCents). */
  refundedCents: cents,
  netCents: cents,
});
export type SalesFigures = z.infer<typeof salesFigures>;

const split = z.object({ key: z.string(), label: z.string(), orders: z.number().int(), revenueCents: cents });
export type SalesSplit = z.infer<typeof split>;

export const salesReport = z.object({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(REPORT_BUCKETS),
  timeZone: z.string(),
  previous: z.object({ from: z.string(), to: z.string() }),
  totals: salesFigures,
  previousTotals: salesFigures,
  buckets: z.array(
    z.object({ from: z.string(), to: z.string(), current: salesFigures, previous: salesFigures }),
  ),
  canceled: z.object({ orders: z.number().int(), totalCents: cents }),
  byChannel: z.array(split),
  /** Per payment method: paid orders and those still waiting (waiting, partial or overdue). */
  byPayment: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      paid: split.omit({ key: true, label: true }),
      waiting: split.omit({ key: true, label: true }),
    }),
  ),
  /** Assisted orders per agent; the customer's own orders under key 'customer'. */
  byAgent: z.array(split),
  byLogistic: z.array(split),
  byStore: z.array(split),
  coupons: z.array(z.object({ code: z.string(), orders: z.number().int(), discountCents: cents })),
  /** 'agent': an atendente's own figures; 'shop': the whole shop (or the agent chosen in `agent`). */
  scope: z.enum(['shop', 'agent']),
  /** The agents an owner or manager may choose (staff who sold in the range). */
  agents: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type SalesReport = z.infer<typeof salesReport>;

/** Today's three numbers on the console home. */
export const todaySales = z.object({
  day: z.string(),
  orders: z.number().int(),
  revenueCents: cents,
  averageTicketCents: cents,
  scope: z.enum(['shop', 'agent']),
});
export type TodaySales = z.infer<typeof todaySales>;

export const REPORT_LOGISTIC_LABELS = { delivery: 'Entrega', pickup: 'Retirada', none: 'A definir' } as const;
export const REPORT_CUSTOMER_LABEL = 'Pedidos do próprio cliente';

/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * The buckets of a range as the shop's calendar days (first and last day, both in), clipped to the range: days,
 * weeks from Monday to Sunday, calendar months.
 */
export function reportBuckets(
  from: string,
  to: string,
  bucket: ReportBucket,
): { from: string; to: string }[] {
  const out: { from: string; to: string }[] = [];
  for (let start = from; start <= to;) {
    let end = start;
    if (bucket === 'week') end = addDays(start, (7 - weekdayOf(start)) % 7);
    if (bucket === 'month') {
      const [y, m] = start.split('-').map(Number) as [number, number];
      end = addDays(`${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}-01`, -1);
    }
    if (end > to) end = to;
    out.push({ from: start, to: end });
    start = addDays(end, 1);
  }
  return out;
}
