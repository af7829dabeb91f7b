/** Integrações (owner): the shop's channel settings (secrets masked), saving them and "Testar conexão". */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConnectionTestResult, TestableChannel } from '@vitrine/contracts/console-integrations';
import type { MessagingSettings, MessagingSettingsBody } from '@vitrine/contracts/messaging-settings';
import { consoleCall } from '../../api/console-api';

const url = (shop: string) => `/api/console/shops/${shop}/integrations/messaging`;
const key = (shop: string) => ['shop', shop, 'integrations'];

export const useMessagingSettings = (shop: string) =>
  useQuery({ queryKey: key(shop), queryFn: () => consoleCall<MessagingSettings>('GET', url(shop)) });

export function useSaveMessaging(shop: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MessagingSettingsBody) => consoleCall<MessagingSettings>('PUT', url(shop), body),
    onSuccess: (saved) => {
      client.setQueryData(key(shop), saved);
      void client.invalidateQueries({ queryKey: ['shop', shop, 'audit'] });
    },
  });
}

export const useTestConnection = (shop: string) =>
  useMutation({
    mutationFn: (channel: TestableChannel) =>
      consoleCall<ConnectionTestResult>('POST', `${url(shop)}/${channel}/test`),
  });
