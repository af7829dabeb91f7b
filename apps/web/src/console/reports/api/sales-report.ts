/** 'Relatórios › Vendas': the report of a range and its charts' CSV addresses. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportChart, SalesReport, SalesReportQuery } from '@vitrine/contracts/console-reports';
import { consoleCall } from '../../api/console-api';

/** The query as a query string (empty values left out): the URL, the report and its CSVs take it. */
export function reportSearch(query: Partial<SalesReportQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, String(value));
  return params.toString();
}

export const useSalesReport = (shop: string, query: SalesReportQuery) =>
  useQuery({
    queryKey: ['shop', shop, 'reports', 'sales', query],
    queryFn: () =>
      consoleCall<SalesReport>('GET', `/api/console/shops/${shop}/reports/sales?${reportSearch(query)}`),
    placeholderData: keepPreviousData,
  });

/** The address of one chart's CSV (the server writes it with the one CSV writer). */
export const chartCsvHref = (shop: string, query: SalesReportQuery, chart: ReportChart) =>
  `/api/console/shops/${shop}/reports/sales.csv?${reportSearch({ ...query, chart } as Partial<SalesReportQuery>)}`;
