/** The shop home (checklist, agent link) and the audit log. */
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { AuditPage, Checklist } from '@vitrine/contracts/console';
import { consoleCall } from './console-api';

export const useChecklist = (shop: string) =>
  useQuery({
    queryKey: ['shop', shop, 'checklist'],
    queryFn: () => consoleCall<Checklist>('GET', `/api/console/shops/${shop}/checklist`),
  });

export const useAgentLink = (shop: string) =>
  useMutation({
    mutationFn: () =>
      consoleCall<{ url: string; expiresAt: string }>('POST', `/api/console/shops/${shop}/agent-links`),
  });

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
