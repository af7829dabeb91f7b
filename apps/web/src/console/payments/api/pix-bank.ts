/**
 * Pagamentos › Pix no banco (owner; decision 0046): the shop's bank (secrets masked), saving it
 * (the answer carries the webhook URL, shown once), 'Testar conexão' and 'Conciliar agora'.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConnectionTestResult } from '@vitrine/contracts/console-integrations';
import type { PixBankBody, PixBankSaved, PixBankView } from '@vitrine/contracts/console-pix-bank';
import { consoleCall } from '../../api/console-api';

const url = (shop: string) => `/api/console/shops/${shop}/pix-bank`;
const key = (shop: string) => ['shop', shop, 'pix-bank'];

export type ReconcileAnswer = { running: boolean; counted: number; repeated: number };

export const usePixBank = (shop: string) =>
  useQuery({ queryKey: key(shop), queryFn: () => consoleCall<PixBankView>('GET', url(shop)) });

export function useSavePixBank(shop: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PixBankBody) => consoleCall<PixBankSaved>('PUT', url(shop), body),
    onSuccess: (saved) => {
      client.setQueryData(key(shop), saved);
      void client.invalidateQueries({ queryKey: ['shop', shop, 'audit'] });
    },
  });
}

/** 'Testar conexão' with the typed fields, or (null) the stored ones. */
export const useTestPixBank = (shop: string) =>
  useMutation({
    mutationFn: (body: PixBankBody | null) =>
      consoleCall<ConnectionTestResult>('POST', `${url(shop)}/test`, body),
  });

export function useReconcilePixBank(shop: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => consoleCall<ReconcileAnswer>('POST', `${url(shop)}/reconcile`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['shop', shop, 'orders'] }),
  });
}
