/** A contact's data rights (owner): the download links and the erasure (docs/decisions/0052). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsoleContactEraseBody, ContactErased } from '@vitrine/contracts/contact-data';
import { consoleCall } from '../../api/console-api';

/** 'Baixar dados': a plain link (the cookie goes with it), audited by the server. */
export const contactDataUrl = (shop: string, contactId: string, format: 'json' | 'csv') =>
  `/api/console/shops/${shop}/contacts/${contactId}/data?format=${format}`;

export function useEraseContact(shop: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId, ...body }: ConsoleContactEraseBody & { contactId: string }) =>
      consoleCall<ContactErased>('POST', `/api/console/shops/${shop}/contacts/${contactId}/erase`, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['shop', shop, 'contacts'] }),
  });
}
