/** 'Relatórios › Funil': the report of a range and its tables' CSV addresses (owners and managers). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FunnelReport, FunnelReportQuery, FunnelTable } from '@vitrine/contracts/console-reports-funnel';
import { consoleCall } from '../../api/console-api';
import { reportSearch } from './sales-report';

export const useFunnelReport = (shop: string, query: FunnelReportQuery) =>
  useQuery({
    queryKey: ['shop', shop, 'reports', 'funnel', query],
    queryFn: () =>
      consoleCall<FunnelReport>('GET', `/api/console/shops/${shop}/reports/funnel?${reportSearch(query)}`),
    placeholderData: keepPreviousData,
  });

/** The address of one table's CSV (the server writes it with the one CSV writer). */
export const funnelTableCsvHref = (shop: string, query: FunnelReportQuery, table: FunnelTable) =>
  `/api/console/shops/${shop}/reports/funnel.csv?${reportSearch(query)}&table=${table}`;
