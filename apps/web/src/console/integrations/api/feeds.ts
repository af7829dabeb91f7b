/** Integrações › catalogue feeds (owner): the addresses, what they leave out, and 'Gerar novo endereço'. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogFeeds } from '@vitrine/contracts/console-integrations';
import { consoleCall } from '../../api/console-api';

const url = (shop: string) => `/api/console/shops/${shop}/integrations/feeds`;
const key = (shop: string) => ['shop', shop, 'integrations', 'feeds'];

export const useCatalogFeeds = (shop: string) =>
  useQuery({ queryKey: key(shop), queryFn: () => consoleCall<CatalogFeeds>('GET', url(shop)) });

export function useRenewFeedAddress(shop: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => consoleCall<CatalogFeeds>('POST', `${url(shop)}/address`),
    onSuccess: (feeds) => {
      client.setQueryData(key(shop), feeds);
      void client.invalidateQueries({ queryKey: ['shop', shop, 'audit'] });
    },
  });
}
