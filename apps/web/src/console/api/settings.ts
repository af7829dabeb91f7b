/** Configurações: the shop's settings (read, save) and the logo upload. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConsoleSettings,
  LogoUploadBody,
  SettingsBody,
  ShopCollections,
} from '@vitrine/contracts/console-settings';
import type { ExternalLogistic } from '@vitrine/contracts/console-external-logistic';
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

/** Entrega's external-logistics switch: the same `externalLogistic` setting Configurações' form saves. */
const externalUrl = (shop: string) => `/api/console/shops/${shop}/delivery/external-logistic`;
export const useExternalLogistic = (shop: string) =>
  useQuery({
    queryKey: ['shop', shop, 'external-logistic'],
    queryFn: () => consoleCall<ExternalLogistic>('GET', externalUrl(shop)),
  });

export function useSaveExternalLogistic(shop: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ExternalLogistic) => consoleCall<ExternalLogistic>('PUT', externalUrl(shop), body),
    // A read still on its way (the page's refetch on mount) would land after the save and undo it on screen.
    onMutate: () => client.cancelQueries({ queryKey: ['shop', shop, 'external-logistic'] }),
    onSuccess: (saved) => {
      client.setQueryData(['shop', shop, 'external-logistic'], saved);
      // Configurações' form starts from the cached settings: give it the new value at once.
      client.setQueryData<ConsoleSettings>(
        key(shop),
        (old) => old && { ...old, settings: { ...old.settings, externalLogistic: saved.externalLogistic } },
      );
      void client.invalidateQueries({ queryKey: key(shop) });
      void client.invalidateQueries({ queryKey: ['shop', shop, 'audit'] });
    },
  });
}
