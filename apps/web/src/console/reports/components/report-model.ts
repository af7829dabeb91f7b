/**
 * The report's query read from the console's URL (a value the server would refuse is left out: the default takes
 * its place) and the pt-BR texts of its figures: money, bucket labels, the change against the previous period.
 */
import {
  REPORT_BUCKETS,
  salesReportQuery,
  type ReportBucket,
  type SalesReportQuery,
} from '@vitrine/contracts/console-reports';
import { formatBRL } from '@vitrine/contracts/money';
import { addDays } from '@vitrine/contracts/shop-time';

/** The last 30 days up to the shop's today, by day. */
export function reportQueryFromSearch(params: URLSearchParams, today: string): SalesReportQuery {
  const shape = salesReportQuery.shape;
  const read = <K extends keyof SalesReportQuery>(key: K) => {
    const parsed = shape[key].safeParse(params.get(key) ?? undefined);
    return parsed.success ? (parsed.data as SalesReportQuery[K]) : undefined;
  };
  const bucket = read('bucket');
  return {
    from: read('from') ?? addDays(today, -29),
    to: read('to') ?? today,
    bucket: bucket && REPORT_BUCKETS.includes(bucket) ? bucket : 'day',
    ...(read('agent') ? { agent: read('agent') } : {}),
    ...(read('channel') ? { channel: read('channel') } : {}),
  };
}

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
const dayMonth = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/** A bucket's axis label: '05/11' by day, '03/11–09/11' by week, 'nov/2026' by month. */
export function bucketLabel(bucket: ReportBucket, from: string, to: string): string {
  if (bucket === 'day') return dayMonth(from);
  if (bucket === 'month') return `${MONTHS[Number(from.slice(5, 7)) - 1]}/${from.slice(0, 4)}`;
  return `${dayMonth(from)}–${dayMonth(to)}`;
}

/** 'dd/mm/aaaa'. */
export const dayText = (day: string) => day.split('-').reverse().join('/');

export const money = formatBRL;
/** An axis tick: whole reais, 'R$ 1.200'. */
export const axisMoney = (reais: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', maximumFractionDigits: 0 }).format(
    reais,
  );
export const decimal = (n: number) => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 }).format(n);

/** The change against the previous period: '+12,5%', '−3%', 'sem base' when the previous was zero. */
export function changeText(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'igual' : 'sem base de comparação';
  const pct = ((now - before) / before) * 100;
  const text = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(Math.abs(pct));
  return pct === 0 ? 'igual' : `${pct > 0 ? '+' : '−'}${text}%`;
}

/** A colour token's value: Chart.js draws on a canvas, which takes no CSS variable. */
export const token = (name: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim();
