/** The home's pulse: today's orders, sales and average ticket (the reports' figures, decision 0056). */
import { useQuery } from '@tanstack/react-query';
import type { TodaySales } from '@vitrine/contracts/console-reports';
import { consoleCall } from '../../api/console-api';

/** Read again every minute while the home is open. */
export const useTodaySales = (shop: string) =>
  useQuery({
    queryKey: ['shop', shop, 'reports', 'today'],
    queryFn: () => consoleCall<TodaySales>('GET', `/api/console/shops/${shop}/reports/today`),
    refetchInterval: 60_000,
  });
