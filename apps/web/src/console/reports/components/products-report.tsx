/**
 * Relatórios › Produtos (issue 37, decision 0058), for owners and managers: over the range of the shop's days in
 * the URL, the best sellers by value, by units and by weight (kilo products, by the spec's t/kg/g rule), the
 * products viewed but rarely bought, the sold-out days and the searches that found nothing, each a chart (or a
 * table) with its table and CSV.
 */
import { useMemo } from 'react';
import { useSearchParams } from 'wouter';
import {
  RARELY_BOUGHT_VIEWS,
  type ProductSales,
  type ProductsReport,
  type ProductsReportQuery,
  type ProductTable,
} from '@vitrine/contracts/console-reports-products';
import { formatWeight } from '@vitrine/contracts/format';
import { centsToReais } from '@vitrine/contracts/money';
import { localDay } from '@vitrine/contracts/shop-time';
import { useShopTimeZone } from '../../api/me';
import { productTableCsvHref, useProductsReport } from '../api/products-report';
import { reportSearch } from '../api/sales-report';
import { ChartCard } from './chart-card';
import { ReportBody } from './report-body';
import { dayText, decimal, money, reportQueryFromSearch, token } from './report-model';
import { DateField, onlyDays } from '../../components/date-field';

const quantity = (s: ProductSales) => (s.soldInKilo ? formatWeight(s.weightKg) : decimal(s.units));

function ProductsFigures({ report }: { report: ProductsReport }) {
  const figures = [
    ['Produtos vendidos', String(report.totals.productsSold)],
    ['Valor vendido', money(report.totals.valueCents)],
    ['Visualizações de produtos', String(report.totals.views)],
    ['Buscas sem resultado', String(report.totals.searchMisses)],
  ];
  return (
    <section className="console-card" aria-label="Resumo de produtos">
      <dl className="reports-figures">
        {figures.map(([label, value]) => (
          <div key={label} className="reports-figure">
            <dt>{label}</dt>
            <dd className="reports-figure__value">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A list's card: its bars and table, or a line saying there is nothing in the range. */
function ListCard({
  title,
  csvHref,
  empty,
  rows,
  header,
  bars,
}: {
  title: string;
  csvHref: string;
  empty: string;
  rows: string[][];
  header: string[];
  bars: { label: string; values: number[]; money: boolean } | null;
}) {
  if (rows.length === 0)
    return (
      <section className="console-card reports-card" aria-label={title}>
        <h2 className="console-subtitle">{title}</h2>
        <p className="console-muted">{empty}</p>
      </section>
    );
  return (
    <ChartCard
      title={title}
      csvHref={csvHref}
      chart={
        bars && {
          labels: rows.map((r) => r[0]!),
          series: [{ label: bars.label, values: bars.values, kind: 'bar', color: token('--chart-current') }],
          money: bars.money,
          horizontal: true,
        }
      }
      table={{ header, rows }}
    />
  );
}

export function ProductsReportView({ shop }: { shop: string }) {
  const [params, setParams] = useSearchParams();
  const today = localDay(new Date(), useShopTimeZone(shop));
  const urlQuery = useMemo(() => reportQueryFromSearch(params, today), [params, today]);
  const query: ProductsReportQuery = { from: urlQuery.from, to: urlQuery.to };
  const report = useProductsReport(shop, query);
  const set = (key: 'from' | 'to') => (value: string) =>
    setParams(reportSearch({ ...urlQuery, [key]: value }));
  const csv = (table: ProductTable) => productTableCsvHref(shop, query, table);
  const sales = (rows: ProductSales[]) =>
    rows.map((s) => [s.name, String(s.orders), quantity(s), money(s.valueCents)]);
  return (
    <>
      <section className="console-card reports-filters" aria-label="Período">
        <DateField label="De" value={query.from} onValue={onlyDays(set('from'))} />
        <DateField
          label="Até"
          value={query.to}
          onValue={onlyDays(set('to'))}
          error={query.from > query.to ? 'A data final é anterior à inicial.' : null}
        />
      </section>
      <ReportBody report={report}>
        {(data) => (
          <>
            <ProductsFigures report={data} />
            <ListCard
              title="Mais vendidos por valor"
              csvHref={csv('value')}
              empty="Nenhuma venda neste período."
              header={['Produto', 'Pedidos', 'Quantidade', 'Valor']}
              rows={sales(data.byValue)}
              bars={{
                label: 'Valor',
                values: data.byValue.map((s) => centsToReais(s.valueCents)),
                money: true,
              }}
            />
            <ListCard
              title="Mais vendidos por quantidade"
              csvHref={csv('units')}
              empty="Nenhum produto vendido por unidade neste período."
              header={['Produto', 'Pedidos', 'Unidades', 'Valor']}
              rows={sales(data.byUnits)}
              bars={{ label: 'Unidades', values: data.byUnits.map((s) => s.units), money: false }}
            />
            <ListCard
              title="Mais vendidos por peso"
              csvHref={csv('weight')}
              empty="Nenhum produto vendido por quilo neste período."
              header={['Produto', 'Pedidos', 'Peso', 'Valor']}
              rows={sales(data.byWeight)}
              bars={{ label: 'Quilos', values: data.byWeight.map((s) => s.weightKg), money: false }}
            />
            <ListCard
              title="Vistos, pouco comprados"
              csvHref={csv('viewed')}
              empty={`Nenhum produto visto com menos de 1 pedido a cada ${RARELY_BOUGHT_VIEWS} visualizações.`}
              header={['Produto', 'Visualizações', 'Pedidos']}
              rows={data.viewed.map((v) => [v.name, String(v.views), String(v.orders)])}
              bars={{ label: 'Visualizações', values: data.viewed.map((v) => v.views), money: false }}
            />
            <ListCard
              title="Dias esgotados"
              csvHref={csv('soldout')}
              empty="Nenhum produto com estoque controlado esgotou neste período."
              header={['Produto', 'Dias esgotado']}
              rows={data.soldOut.map((s) => [s.name, String(s.days)])}
              bars={{ label: 'Dias esgotado', values: data.soldOut.map((s) => s.days), money: false }}
            />
            <ListCard
              title="Buscas sem resultado"
              csvHref={csv('searches')}
              empty="Nenhuma busca ficou sem resultado neste período."
              header={['Busca', 'Vezes', 'Dias', 'Última vez']}
              rows={data.searchMisses.map((m) => [
                m.term,
                String(m.searches),
                String(m.days),
                dayText(m.lastDay),
              ])}
              bars={null}
            />
          </>
        )}
      </ReportBody>
    </>
  );
}
