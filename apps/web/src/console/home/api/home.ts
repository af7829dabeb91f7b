/** The shop home: the set-up checklist and the agent's sign-in link. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Checklist } from '@vitrine/contracts/console';
import { consoleCall } from '../../api/console-api';

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
