/** The shop's settings as Configurações edits them, read also by Vendas (coupons on or off) and Entrega. */
import { useQuery } from '@tanstack/react-query';
import type { ConsoleSettings } from '@vitrine/contracts/console-settings';
import { consoleCall } from './console-api';

export const settingsKey = (shop: string) => ['shop', shop, 'settings'];

export const useShopSettings = (shop: string) =>
  useQuery({
    queryKey: settingsKey(shop),
    queryFn: () => consoleCall<ConsoleSettings>('GET', `/api/console/shops/${shop}/settings`),
  });
