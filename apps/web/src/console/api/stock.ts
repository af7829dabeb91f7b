/**
 * The shop's low-stock list ('Baixo estoque', issue 31): read by Início (the list) and Pedidos (the board's
 * note on open orders holding those units). Catálogo's own stock calls are catalog/api/stock.ts.
 */
import { useQuery } from '@tanstack/react-query';
import type { LowStockList } from '@vitrine/contracts/console-stock';
import { consoleCall } from './console-api';

/** Every stock query of the shop: what an adjustment or a settings change invalidates. */
export const stockKey = (shop: string) => ['shop', shop, 'stock'] as const;

export const useLowStock = (shop: string) =>
  useQuery({
    queryKey: [...stockKey(shop), 'low'],
    queryFn: async () =>
      (await consoleCall<LowStockList>('GET', `/api/console/shops/${shop}/stock/low`)).units,
    refetchInterval: 60_000,
  });
