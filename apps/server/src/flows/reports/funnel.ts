/**
 * 'Relatórios › Funil' (issue 37, docs/decisions/0058-product-reports.md): links minted → opened → something added
 * → confirmed → paid → delivered over a range of the shop's days by day, week or month and by channel, each stage
 * counted when it happened (read from the daily rollup, decision 0064), and the abandoned-cart recovery's results.
 * Owners and managers only (the route).
 */
import {
  FUNNEL_STAGES,
  type FunnelCounts,
  type FunnelReport,
  type FunnelReportQuery,
} from '@vitrine/contracts/console-reports-funnel';
import { reportBuckets } from '@vitrine/contracts/console-reports';
import { BOARD_CHANNEL_LABELS, BOARD_CHANNELS } from '@vitrine/contracts/console-orders';
import { CHANNEL_BY_NAME } from '@vitrine/contracts/enums';
import type { Db } from '../../db/client.ts';
import { funnelCounts, recoveryResults } from '../../modules/order/service.ts';
import { checkRange, rangeInstants, type ReportViewer } from './range.ts';

const zero = (): FunnelCounts => Object.fromEntries(FUNNEL_STAGES.map((s) => [s, 0])) as FunnelCounts;

export async function funnelReport(
  db: Db,
  viewer: ReportViewer,
  q: FunnelReportQuery,
): Promise<FunnelReport> {
  checkRange(q);
  const zone = viewer.shop.timeZone;
  const buckets = reportBuckets(q.from, q.to, q.bucket);
  const { start, end } = rangeInstants(q, zone);
  const [rows, recovery] = await Promise.all([
    funnelCounts(db, {
      shopId: viewer.shop.id,
      days: buckets.map((b) => b.from),
      to: q.to,
      channelType: q.channel ? CHANNEL_BY_NAME[q.channel] : null,
    }),
    recoveryResults(db, viewer.shop.id, start, end),
  ]);
  const totals = zero();
  const perBucket = buckets.map(zero);
  const perChannel = new Map<number, FunnelCounts>();
  for (const r of rows) {
    const stage = r.stage as keyof FunnelCounts;
    totals[stage] += r.n;
    perBucket[r.i - 1]![stage] += r.n;
    const channel = perChannel.get(r.channel_type) ?? zero();
    channel[stage] += r.n;
    perChannel.set(r.channel_type, channel);
  }
  return {
    from: q.from,
    to: q.to,
    bucket: q.bucket,
    timeZone: zone,
    totals,
    buckets: buckets.map((b, i) => ({ ...b, counts: perBucket[i]! })),
    byChannel: BOARD_CHANNELS.filter((name) => perChannel.has(CHANNEL_BY_NAME[name])).map((name) => ({
      key: name,
      label: BOARD_CHANNEL_LABELS[name],
      counts: perChannel.get(CHANNEL_BY_NAME[name])!,
    })),
    recovery: { reminders: recovery.reminders, orders: recovery.orders, valueCents: recovery.value_cents },
  };
}
