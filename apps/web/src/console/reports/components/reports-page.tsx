/**
 * Relatórios (issue 37): 'Vendas' (decision 0056) — a range of the shop's days by day, week or month, against the
 * previous period, with the splits; owners and managers see the shop (or one agent), an atendente their own
 * figures — and 'Produtos' for owners and managers (decision 0058, products-report.tsx). The range, the bucket
 * and the filters live in the URL, so a reload or a shared link keeps them.
 */
import { useMemo } from 'react';
import { Link, useSearchParams } from 'wouter';
import {
  REPORT_BUCKET_LABELS,
  type ReportBucket,
  type SalesReportQuery,
} from '@vitrine/contracts/console-reports';
import { BOARD_CHANNEL_LABELS } from '@vitrine/contracts/console-orders';
import { localDay } from '@vitrine/contracts/shop-time';
import { SelectField, TextField } from '../../../components/form-field';
import { useMe, useShopTimeZone } from '../../api/me';
import { Empty, LoadError, Loading } from '../../components/page-state';
import { reportSearch, useSalesReport } from '../api/sales-report';
import { reportQueryFromSearch } from './report-model';
import { SalesCharts } from './sales-charts';
import { ProductsReportView } from './products-report';
import { SalesFiguresCard } from './sales-figures';
import './reports.css';

function ReportFilters({
  query,
  agents,
  onChange,
}: {
  query: SalesReportQuery;
  agents: { id: string; name: string }[] | null;
  onChange: (query: SalesReportQuery) => void;
}) {
  const set = (key: keyof SalesReportQuery) => (value: string) =>
    onChange({ ...query, [key]: value || undefined } as SalesReportQuery);
  const inverted = query.from > query.to;
  return (
    <section className="console-card reports-filters" aria-label="Período e filtros">
      <TextField label="De" type="date" value={query.from} onValue={set('from')} />
      <TextField
        label="Até"
        type="date"
        value={query.to}
        onValue={set('to')}
        error={inverted ? 'A data final é anterior à inicial.' : null}
      />
      <SelectField
        label="Agrupar por"
        value={query.bucket}
        onValue={(v) => onChange({ ...query, bucket: v as ReportBucket })}
      >
        {Object.entries(REPORT_BUCKET_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <SelectField label="Canal" value={query.channel ?? ''} onValue={set('channel')}>
        <option value="">Todos</option>
        {Object.entries(BOARD_CHANNEL_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      {agents && agents.length > 0 && (
        <SelectField label="Atendente" value={query.agent ?? ''} onValue={set('agent')}>
          <option value="">Toda a loja</option>
          {agents.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </SelectField>
      )}
    </section>
  );
}

/** Relatórios › Vendas: the filters and the report of the range. */
function SalesReportView({ shop, role }: { shop: string; role: string | undefined }) {
  const [params, setParams] = useSearchParams();
  const zone = useShopTimeZone(shop);
  const today = localDay(new Date(), zone);
  const query = useMemo(() => reportQueryFromSearch(params, today), [params, today]);
  const report = useSalesReport(shop, query);
  const data = report.data;
  const empty = data && data.totals.orders === 0 && data.canceled.orders === 0;
  return (
    <>
      {role === 'agent' && <p className="console-muted">Você vê apenas as suas vendas.</p>}
      <ReportFilters
        query={query}
        agents={role === 'agent' ? null : (data?.agents ?? null)}
        onChange={(next) => setParams(reportSearch(next))}
      />
      {report.isError ? (
        <LoadError error={report.error} onRetry={() => void report.refetch()} />
      ) : !data ? (
        <Loading label="Carregando relatório…" />
      ) : empty ? (
        <Empty>Nenhuma venda neste período. Escolha outras datas ou tire os filtros.</Empty>
      ) : (
        <div
          className={report.isFetching ? 'reports-body is-stale' : 'reports-body'}
          aria-busy={report.isFetching}
        >
          <SalesFiguresCard report={data} />
          <SalesCharts shop={shop} query={query} report={data} />
        </div>
      )}
    </>
  );
}

/** The tabs of Relatórios: Vendas for every role, Produtos for owners and managers. */
const TABS = [
  { slug: '', label: 'Vendas', agent: true },
  { slug: 'produtos', label: 'Produtos', agent: false },
] as const;

export function ReportsPage({ shop, tab = '' }: { shop: string; tab?: string | undefined }) {
  const role = useMe().data?.shops.find((s) => s.slug === shop)?.role;
  // The range in the URL goes along to the other tab.
  const search = useSearchParams()[0].toString();
  const tabs = TABS.filter((t) => t.agent || role !== 'agent');
  const current = tabs.find((t) => t.slug === tab) ?? tabs[0]!;
  const base = `/console/lojas/${shop}/relatorios`;
  return (
    <>
      <div className="console-title-row">
        <h1 className="console-title">Relatórios</h1>
      </div>
      <nav className="reports-tabs" aria-label="Relatórios">
        {tabs.map((t) => (
          <Link
            key={t.slug}
            href={`${t.slug ? `${base}/${t.slug}` : base}${search ? `?${search}` : ''}`}
            aria-current={t === current ? 'page' : undefined}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {current.slug === 'produtos' ? (
        <ProductsReportView shop={shop} />
      ) : (
        <SalesReportView shop={shop} role={role} />
      )}
    </>
  );
}
