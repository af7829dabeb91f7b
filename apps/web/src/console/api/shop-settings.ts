/**
 * The shop's settings as Configurações edits them, read also by Vendas (coupons on or off) and Entrega, and saved
 * by Configurações and Pagamentos (its 'Cobrança' switches).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleSettings, SettingsBody } from '@vitrine/contracts/console-settings';
import { consoleCall } from './console-api';

export const settingsKey = (shop: string) => ['shop', shop, 'settings'];

export const useShopSettings = (shop: string) =>
  useQuery({
    queryKey: settingsKey(shop),
    queryFn: () => consoleCall<ConsoleSettings>('GET', `/api/console/shops/${shop}/settings`),
  });

export function useSaveSettings(shop: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsBody) =>
      consoleCall<ConsoleSettings>('PUT', `/api/console/shops/${shop}/settings`, body),
    onSuccess: (saved) => {
      client.setQueryData(settingsKey(shop), saved);
      client.setQueryData(['shop', shop, 'external-logistic'], {
        externalLogistic: saved.settings.externalLogistic,
      });
      void client.invalidateQueries({ queryKey: ['shop', shop, 'checklist'] });
    },
  });
}
