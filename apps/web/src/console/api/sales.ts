/** Start a sale: the shop's contacts by name or phone, and the agent link for one (known or new). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaleContact, StartSaleBody } from '@vitrine/contracts/console-sales';
import { consoleCall } from './console-api';

export const useContacts = (shop: string, q: string) =>
  useQuery({
    queryKey: ['shop', shop, 'contacts', q],
    queryFn: () =>
      consoleCall<SaleContact[]>('GET', `/api/console/shops/${shop}/contacts?q=${encodeURIComponent(q)}`),
  });

export function useStartSale(shop: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StartSaleBody) =>
      consoleCall<{ url: string; expiresAt: string }>('POST', `/api/console/shops/${shop}/sales`, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['shop', shop, 'contacts'] }),
  });
}
