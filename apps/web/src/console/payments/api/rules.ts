/** Pagamentos: the payment methods the shop takes and its Pix receiver (read, save). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethods } from '@vitrine/contracts/console-payment-methods';
import type { PixReceiver, PixReceiverBody } from '@vitrine/contracts/console-pix';
import { consoleCall } from '../../api/console-api';

const pixKey = (shop: string) => ['shop', shop, 'pix'];

export const usePixReceiver = (shop: string) =>
  useQuery({
    queryKey: pixKey(shop),
    queryFn: () => consoleCall<PixReceiver>('GET', `/api/console/shops/${shop}/pix`),
  });

export function useSavePix(shop: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PixReceiverBody) =>
      consoleCall<PixReceiver>('PUT', `/api/console/shops/${shop}/pix`, body),
    onSuccess: (saved) => {
      client.setQueryData(pixKey(shop), saved);
      void client.invalidateQueries({ queryKey: ['shop', shop, 'audit'] });
    },
  });
}

const methodsKey = (shop: string) => ['shop', shop, 'payment-methods'];

export const usePaymentMethods = (shop: string) =>
  useQuery({
    queryKey: methodsKey(shop),
    queryFn: () => consoleCall<PaymentMethods>('GET', `/api/console/shops/${shop}/payment-methods`),
  });

export function useSavePaymentMethods(shop: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentMethods) =>
      consoleCall<PaymentMethods>('PUT', `/api/console/shops/${shop}/payment-methods`, body),
    onSuccess: (saved) => {
      client.setQueryData(methodsKey(shop), saved);
      void client.invalidateQueries({ queryKey: ['shop', shop, 'audit'] });
    },
  });
}
