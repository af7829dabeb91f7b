/** Configurações: saving the shop's settings (read in api/shop-settings.ts), the logo upload, the collections. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConsoleSettings,
  LogoUploadBody,
  SettingsBody,
  ShopCollections,
} from '@vitrine/contracts/console-settings';
import { consoleCall } from '../../api/console-api';
import { settingsKey } from '../../api/shop-settings';

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

export const useUploadLogo = (shop: string) =>
  useMutation({
    mutationFn: (body: LogoUploadBody) =>
      consoleCall<{ urlLogo: string }>('POST', `/api/console/shops/${shop}/logo`, body),
  });

/** The shop's collections, offered as 'Coleções exibidas'. */
export const useShopCollections = (shop: string) =>
  useQuery({
    queryKey: ['shop', shop, 'collections'],
    queryFn: () => consoleCall<ShopCollections>('GET', `/api/console/shops/${shop}/collections`),
  });
