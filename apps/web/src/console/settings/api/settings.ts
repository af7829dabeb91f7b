/** Configurações: the logo upload and the collections (the settings are read and saved in api/shop-settings.ts). */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { LogoUploadBody, ShopCollections } from '@vitrine/contracts/console-settings';
import { consoleCall } from '../../api/console-api';

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
