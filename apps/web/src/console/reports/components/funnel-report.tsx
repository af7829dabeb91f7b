/**
 * Relatórios › Funil (issue 37, decision 0058), for owners and managers: links the chat sent → opened → a product
 * in the cart → confirmed → paid → delivered over the range in the URL, each stage counted when it happened, by
 * period and by channel, and what the abandoned-cart reminders brought back.
 */
import { useMemo } from 'react';
import { useSearchParams } from 'wouter';
import {
  FUNNEL_STAGE_LABELS,
  FUNNEL_STAGES,
  type FunnelCounts,
  type FunnelReportQuery,
} from '@vitrine/contracts/console-reports-funnel';
import { localDay } from '@vitrine/contracts/shop-time';
import { useShopTimeZone } from '../../api/me';
import { funnelTableCsvHref, useFunnelReport } from '../api/funnel-report';
import { reportSearch } from '../api/sales-report';
import { ChartCard } from './chart-card';
import { ReportBody } from './report-body';
import { ReportFilters } from './report-filters';
import { bucketLabel, dayText, decimal, money, reportQueryFromSearch, token } from './report-model';

const STAGE_HEADER = FUNNEL_STAGES.map((s) => FUNNEL_STAGE_LABELS[s]);
const countsRow = (c: FunnelCounts) => FUNNEL_STAGES.map((s) => String(c[s]));

/** '40%' of the stage before, or '—' for the first stage or after a zero. */
function share(c: FunnelCounts, i: number): string {
  const before = i > 0 ? c[FUNNEL_STAGES[i - 1]!] : 0;
  return before > 0 ? `${decimal((c[FUNNEL_STAGES[i]!] / before) * 100)}%` : '—';
}

export function FunnelReportView({ shop }: { shop: string }) {
  const [params, setParams] = useSearchParams();
  const today = localDay(new Date(), useShopTimeZone(shop));
  const urlQuery = useMemo(() => reportQueryFromSearch(params, today), [params, today]);
  const query: FunnelReportQuery = {
    from: urlQuery.from,
    to: urlQuery.to,
    bucket: urlQuery.bucket,
    ...(urlQuery.channel ? { channel: urlQuery.channel } : {}),
  };
  const report = useFunnelReport(shop, query);
  const period = (b: { from: string; to: string }) =>
    b.from === b.to ? dayText(b.from) : `${dayText(b.from)} a ${dayText(b.to)}`;
  return (
    <>
      <p className="console-muted">
        Cada etapa conta o que aconteceu no período: um link enviado num dia e comprado no outro conta nos
        dois. Um pedido conta como pago no dia em que recebeu o primeiro pagamento.
      </p>
      <ReportFilters query={urlQuery} agents={null} onChange={(next) => setParams(reportSearch(next))} />
      <ReportBody report={report}>
        {(data) => (
          <>
            <ChartCard
              title="Funil do período"
              csvHref={funnelTableCsvHref(shop, query, 'stages')}
              chart={{
                labels: STAGE_HEADER,
                series: [
                  {
                    label: 'Quantidade',
                    values: FUNNEL_STAGES.map((s) => data.totals[s]),
                    kind: 'bar',
                    color: token('--chart-current'),
                  },
                ],
                money: false,
                horizontal: true,
              }}
              table={{
                header: ['Etapa', 'Quantidade', 'Da etapa anterior'],
                rows: FUNNEL_STAGES.map((s, i) => [
                  FUNNEL_STAGE_LABELS[s],
                  String(data.totals[s]),
                  share(data.totals, i),
                ]),
              }}
            />
            <section className="console-card reports-card" aria-label="Recuperação de carrinhos">
              <h2 className="console-subtitle">Recuperação de carrinhos</h2>
              <dl className="reports-figures">
                {[
                  ['Lembretes enviados', String(data.recovery.reminders)],
                  ['Pedidos recuperados', String(data.recovery.orders)],
                  ['Valor recuperado', money(data.recovery.valueCents)],
                ].map(([label, value]) => (
                  <div key={label} className="reports-figure">
                    <dt>{label}</dt>
                    <dd className="reports-figure__value">{value}</dd>
                  </div>
                ))}
              </dl>
            </section>
            <ChartCard
              title="Funil por período"
              wide
              csvHref={funnelTableCsvHref(shop, query, 'periods')}
              chart={{
                labels: data.buckets.map((b) => bucketLabel(data.bucket, b.from, b.to)),
                series: [
                  {
                    label: FUNNEL_STAGE_LABELS.opened,
                    values: data.buckets.map((b) => b.counts.opened),
                    kind: 'bar',
                    color: token('--chart-current'),
                  },
                  {
                    label: FUNNEL_STAGE_LABELS.confirmed,
                    values: data.buckets.map((b) => b.counts.confirmed),
                    kind: 'line',
                    color: token('--chart-paid'),
                  },
                ],
                money: false,
              }}
              table={{
                header: ['Período', ...STAGE_HEADER],
                rows: data.buckets.map((b) => [period(b), ...countsRow(b.counts)]),
              }}
            />
            <ChartCard
              title="Funil por canal"
              wide
              csvHref={funnelTableCsvHref(shop, query, 'channels')}
              chart={null}
              table={{
                header: ['Canal', ...STAGE_HEADER],
                rows: data.byChannel.map((c) => [c.label, ...countsRow(c.counts)]),
              }}
            />
          </>
        )}
      </ReportBody>
    </>
  );
}
