/** The report's charts: revenue and orders per period against the previous period, then each split. */
import type {
  ReportChart,
  SalesReport,
  SalesReportQuery,
  SalesSplit,
} from '@vitrine/contracts/console-reports';
import { centsToReais } from '@vitrine/contracts/money';
import { chartCsvHref } from '../api/sales-report';
import { ChartCard } from './chart-card';
import { bucketLabel, dayText, money, token } from './report-model';

export function SalesCharts({
  shop,
  query,
  report,
}: {
  shop: string;
  query: SalesReportQuery;
  report: SalesReport;
}) {
  const [NOW, BEFORE, PAID, WAITING] = [
    token('--chart-current'),
    token('--chart-previous'),
    token('--chart-paid'),
    token('--chart-waiting'),
  ];
  const csv = (chart: ReportChart) => chartCsvHref(shop, query, chart);
  const labels = report.buckets.map((b) => bucketLabel(report.bucket, b.from, b.to));
  const period = (b: { from: string; to: string }) =>
    b.from === b.to ? dayText(b.from) : `${dayText(b.from)} a ${dayText(b.to)}`;
  const periodRows = report.buckets.map((b) => [
    period(b),
    money(b.current.revenueCents),
    money(b.previous.revenueCents),
    String(b.current.orders),
    String(b.previous.orders),
    money(b.current.averageTicketCents),
  ]);
  const split = (title: string, chart: ReportChart, name: string, rows: SalesSplit[]) =>
    rows.length > 0 && (
      <ChartCard
        key={chart}
        title={title}
        csvHref={csv(chart)}
        chart={{
          labels: rows.map((r) => r.label),
          series: [
            {
              label: 'Receita',
              values: rows.map((r) => centsToReais(r.revenueCents)),
              kind: 'bar',
              color: NOW,
            },
          ],
          money: true,
          horizontal: true,
        }}
        table={{
          header: [name, 'Pedidos', 'Receita'],
          rows: rows.map((r) => [r.label, String(r.orders), money(r.revenueCents)]),
        }}
      />
    );
  const periodTable = {
    header: ['Período', 'Receita', 'Receita (anterior)', 'Pedidos', 'Pedidos (anterior)', 'Ticket médio'],
    rows: periodRows,
  };
  return (
    <>
      <ChartCard
        title="Receita por período"
        csvHref={csv('periods')}
        chart={{
          labels,
          series: [
            {
              label: 'Período atual',
              values: report.buckets.map((b) => centsToReais(b.current.revenueCents)),
              kind: 'bar',
              color: NOW,
            },
            {
              label: 'Período anterior',
              values: report.buckets.map((b) => centsToReais(b.previous.revenueCents)),
              kind: 'line',
              color: BEFORE,
            },
          ],
          money: true,
        }}
        table={periodTable}
      />
      <ChartCard
        title="Pedidos por período"
        csvHref={csv('periods')}
        chart={{
          labels,
          series: [
            {
              label: 'Período atual',
              values: report.buckets.map((b) => b.current.orders),
              kind: 'bar',
              color: NOW,
            },
            {
              label: 'Período anterior',
              values: report.buckets.map((b) => b.previous.orders),
              kind: 'line',
              color: BEFORE,
            },
          ],
          money: false,
        }}
        table={periodTable}
      />
      {split('Por canal', 'channel', 'Canal', report.byChannel)}
      {report.byPayment.length > 0 && (
        <ChartCard
          title="Por forma de pagamento"
          csvHref={csv('payment')}
          chart={{
            labels: report.byPayment.map((p) => p.label),
            series: [
              {
                label: 'Pago',
                values: report.byPayment.map((p) => centsToReais(p.paid.revenueCents)),
                kind: 'bar',
                color: PAID,
                stack: 'p',
              },
              {
                label: 'Aguardando',
                values: report.byPayment.map((p) => centsToReais(p.waiting.revenueCents)),
                kind: 'bar',
                color: WAITING,
                stack: 'p',
              },
            ],
            money: true,
            horizontal: true,
          }}
          table={{
            header: ['Forma de pagamento', 'Pagos', 'Pago', 'Aguardando', 'A receber'],
            rows: report.byPayment.map((p) => [
              p.label,
              String(p.paid.orders),
              money(p.paid.revenueCents),
              String(p.waiting.orders),
              money(p.waiting.revenueCents),
            ]),
          }}
        />
      )}
      {split(
        report.scope === 'agent' ? 'Suas vendas' : 'Por atendente',
        'agent',
        'Atendente',
        report.byAgent,
      )}
      {split('Entrega ou retirada', 'logistic', 'Entrega', report.byLogistic)}
      {split('Por loja', 'store', 'Loja', report.byStore)}
      {report.coupons.length > 0 && (
        <ChartCard
          title="Cupons usados"
          csvHref={csv('coupons')}
          chart={null}
          table={{
            header: ['Cupom', 'Pedidos', 'Desconto'],
            rows: report.coupons.map((c) => [c.code, String(c.orders), money(c.discountCents)]),
          }}
        />
      )}
    </>
  );
}
