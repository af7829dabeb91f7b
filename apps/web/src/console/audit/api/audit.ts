/** The shop's audit log, a page at a time (newest first). */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPage } from '@vitrine/contracts/console';
import { consoleCall } from '../../api/console-api';

export const useAuditLog = (shop: string) =>
  useInfiniteQuery({
    queryKey: ['shop', shop, 'audit'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      consoleCall<AuditPage>(
        'GET',
        `/api/console/shops/${shop}/audit${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    getNextPageParam: (page) => page.nextBefore,
  });
