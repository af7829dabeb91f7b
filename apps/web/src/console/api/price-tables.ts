/** The shop's price tables (list): edited in Vendas › Tabelas de preço, offered per seller in Entrega › Lojas. */
import { useQuery } from '@tanstack/react-query';
import type { ConsolePriceTable } from '@vitrine/contracts/console-price-tables';
import { consoleCall } from './console-api';

export const priceTablesUrl = (shop: string) => `/api/console/shops/${shop}/price-tables`;
export const priceTablesKey = (shop: string) => ['shop', shop, 'price-tables'];

export const usePriceTables = (shop: string) =>
  useQuery({
    queryKey: priceTablesKey(shop),
    queryFn: () => consoleCall<{ tables: ConsolePriceTable[] }>('GET', priceTablesUrl(shop)),
  });
