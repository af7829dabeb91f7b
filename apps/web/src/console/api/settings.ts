/** Configurações: the shop's settings (read, save) and the logo upload. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConsoleSettings,
  LogoUploadBody,
  SettingsBody,
  ShopCollections,
} from '@vitrine/contracts/console-settings';
import { consoleCall } from './console-api';

const key = (shop: string) => ['shop', shop, 'settings'];

export const useShopSettings = (shop: string) =>
  useQuery({
    queryKey: key(shop),
    queryFn: () => consoleCall<ConsoleSettings>('GET', `/api/console/shops/${shop}/settings`),
  });

export function useSaveSettings(shop: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsBody) =>
      consoleCall<ConsoleSettings>('PUT', `/api/console/shops/${shop}/settings`, body),
    onSuccess: (saved) => {
      client.setQueryData(key(shop), saved);
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
