/** The shop's contacts by name or phone (20, most recent first): Início's sale card and the contacts' data page. */
import { useQuery } from '@tanstack/react-query';
import type { SaleContact } from '@vitrine/contracts/console-sales';
import { consoleCall } from './console-api';

export const useContacts = (shop: string, q: string) =>
  useQuery({
    queryKey: ['shop', shop, 'contacts', q],
    queryFn: () =>
      consoleCall<SaleContact[]>('GET', `/api/console/shops/${shop}/contacts?q=${encodeURIComponent(q)}`),
  });
