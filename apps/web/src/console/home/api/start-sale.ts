/** Start a sale: the agent link for a contact (known or new); the contacts' search is console/api/contacts. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StartSaleBody } from '@vitrine/contracts/console-sales';
import { consoleCall } from '../../api/console-api';

export function useStartSale(shop: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StartSaleBody) =>
      consoleCall<{ url: string; expiresAt: string }>('POST', `/api/console/shops/${shop}/sales`, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['shop', shop, 'contacts'] }),
  });
}
