/** Pagamentos › Conta de pagamento (owner): the shop's payment account (secrets masked), saving it, "Testar conexão". */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConnectionTestResult } from '@vitrine/contracts/console-integrations';
import type { PaymentAccountTestBody } from '@vitrine/contracts/console-payment-account';
import type { PaymentSettings, PaymentSettingsBody } from '@vitrine/contracts/payment-settings';
import { consoleCall } from '../../api/console-api';

const url = (shop: string) => `/api/console/shops/${shop}/payment-account`;
const key = (shop: string) => ['shop', shop, 'payment-account'];

export const usePaymentAccount = (shop: string) =>
  useQuery({ queryKey: key(shop), queryFn: () => consoleCall<PaymentSettings>('GET', url(shop)) });

export function useSavePaymentAccount(shop: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentSettingsBody) => consoleCall<PaymentSettings>('PUT', url(shop), body),
    onSuccess: (saved) => {
      client.setQueryData(key(shop), saved);
      void client.invalidateQueries({ queryKey: ['shop', shop, 'audit'] });
    },
  });
}

export const useTestPaymentAccount = (shop: string) =>
  useMutation({
    mutationFn: (body: PaymentAccountTestBody) =>
      consoleCall<ConnectionTestResult>('POST', `${url(shop)}/test`, body),
  });
