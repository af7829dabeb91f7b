/**
 * Vendas › Tabelas de preço (decision 0039): create, rename and delete a table (the list is the shared
 * console/api/price-tables.ts), a page of a table's prices, saving prices, and the CSV export address and import.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConsolePriceTable,
  PriceImportResult,
  PricePage,
  TablePrice,
} from '@vitrine/contracts/console-price-tables';
import { consoleCall, uploadCsv } from '../../api/console-api';
import { priceTablesKey, priceTablesUrl } from '../../api/price-tables';

const pricesKey = (shop: string, id: string) => ['shop', shop, 'price-tables', id, 'prices'];

export const priceCsvUrl = (shop: string, id: string) =>
  `${priceTablesUrl(shop)}/${encodeURIComponent(id)}/prices.csv`;

function useTablesMutation<T, R>(shop: string, call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: priceTablesKey(shop) });
      void client.invalidateQueries({ queryKey: ['shop', shop, 'audit'] });
    },
  });
}

/** Creates (`id` null) or renames a table. */
export const useSavePriceTable = (shop: string) =>
  useTablesMutation(shop, ({ id, name }: { id: string | null; name: string }) =>
    id
      ? consoleCall<ConsolePriceTable>('PUT', `${priceTablesUrl(shop)}/${encodeURIComponent(id)}`, { name })
      : consoleCall<ConsolePriceTable>('POST', priceTablesUrl(shop), { name }),
  );

export const useDeletePriceTable = (shop: string) =>
  useTablesMutation(shop, (id: string) =>
    consoleCall<{ removed: boolean }>('DELETE', `${priceTablesUrl(shop)}/${encodeURIComponent(id)}`),
  );

export const usePricePage = (shop: string, id: string, q: string, offset: number) =>
  useQuery({
    queryKey: [...pricesKey(shop, id), q, offset],
    queryFn: () =>
      consoleCall<PricePage>(
        'GET',
        `${priceTablesUrl(shop)}/${encodeURIComponent(id)}/prices?q=${encodeURIComponent(q)}&offset=${offset}`,
      ),
    placeholderData: keepPreviousData,
  });

/** Saves prices; the table's pages, the list's counts and the audit log are read again. */
export const useSavePrices = (shop: string, id: string) => {
  const client = useQueryClient();
  return useMutation({
    /** 500 prices a request (the route's limit), one after another. */
    mutationFn: async (prices: TablePrice[]) => {
      let changed = 0;
      for (let at = 0; at < prices.length; at += 500) {
        const saved = await consoleCall<{ changed: number }>(
          'PUT',
          `${priceTablesUrl(shop)}/${encodeURIComponent(id)}/prices`,
          { prices: prices.slice(at, at + 500) },
        );
        changed += saved.changed;
      }
      return { changed };
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: priceTablesKey(shop) });
      void client.invalidateQueries({ queryKey: ['shop', shop, 'audit'] });
    },
  });
};

/** Sends the CSV's bytes; answers what was written or the refused rows (nothing written then). */
async function uploadPrices(shop: string, id: string, file: File): Promise<PriceImportResult> {
  return uploadCsv<PriceImportResult>(priceCsvUrl(shop, id), file);
}

export const useImportPrices = (shop: string, id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadPrices(shop, id, file),
    onSuccess: (result) => {
      if (!result.applied) return;
      void client.invalidateQueries({ queryKey: priceTablesKey(shop) });
      void client.invalidateQueries({ queryKey: ['shop', shop, 'audit'] });
    },
  });
};
