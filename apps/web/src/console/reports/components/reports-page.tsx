/**
 * Relatórios (issue 37): 'Vendas' (decision 0056) — a range of the shop's days by day, week or month, against the
 * previous period, with the splits; owners and managers see the shop (or one agent), an atendente their own
 * figures — and 'Produtos' and 'Funil' for owners and managers (decision 0058). The range, the bucket
 * and the filters live in the URL, so a reload or a shared link keeps them.
 */
import { useMemo } from 'react';
import { Link, useSearchParams } from 'wouter';
import { localDay } from '@vitrine/contracts/shop-time';
import { useMe, useShopTimeZone } from '../../api/me';
import { reportSearch, useSalesReport } from '../api/sales-report';
import { FunnelReportView } from './funnel-report';
import { ReportFilters } from './report-filters';
import { ReportBody } from './report-body';
import { reportQueryFromSearch } from './report-model';
import { SalesCharts } from './sales-charts';
import { ProductsReportView } from './products-report';
import { SalesFiguresCard } from './sales-figures';
import './reports.css';

/** Relatórios › Vendas: the filters and the report of the range. */
function SalesReportView({ shop, role }: { shop: string; role: string | undefined }) {
  const [params, setParams] = useSearchParams();
  const zone = useShopTimeZone(shop);
  const today = localDay(new Date(), zone);
  const query = useMemo(() => reportQueryFromSearch(params, today), [params, today]);
  const report = useSalesReport(shop, query);
  const data = report.data;
  return (
    <>
      {role === 'agent' && <p className="console-muted">Você vê apenas as suas vendas.</p>}
      <ReportFilters
        query={query}
        agents={role === 'agent' ? null : (data?.agents ?? null)}
        onChange={(next) => setParams(reportSearch(next))}
      />
      <ReportBody
        report={report}
        empty={(r) =>
          r.totals.orders === 0 && r.canceled.orders === 0
            ? 'Nenhuma venda neste período. Escolha outras datas ou tire os filtros.'
            : null
        }
      >
        {(r) => (
          <>
            <SalesFiguresCard report={r} />
            <SalesCharts shop={shop} query={query} report={r} />
          </>
        )}
      </ReportBody>
    </>
  );
}

/** The tabs of Relatórios: Vendas for every role, Produtos and Funil for owners and managers. */
const TABS = [
  { slug: '', label: 'Vendas', agent: true },
  { slug: 'produtos', label: 'Produtos', agent: false },
  { slug: 'funil', label: 'Funil', agent: false },
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
      ) : current.slug === 'funil' ? (
        <FunnelReportView shop={shop} />
      ) : (
        <SalesReportView shop={shop} role={role} />
      )}
    </>
  );
}
