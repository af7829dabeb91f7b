/**
 * Catálogo's stock (issue 31, decision 0044): the list's stock columns, a product's units, settings and
 * movement history, and adjustments with a reason. Every change is a ledger movement the server writes.
 */
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  ProductStock,
  StockAdjustBody,
  StockMovementsPage,
  StockSettingsBody,
  StockSummaries,
} from '@vitrine/contracts/console-stock';
import { consoleCall } from '../../api/console-api';
import { stockKey } from '../../api/stock';

const base = (shop: string) => `/api/console/shops/${shop}/stock`;

/** The stock of up to 100 products by code (a list's page). */
export const fetchStockSummaries = (shop: string, codes: string[]) =>
  consoleCall<StockSummaries>(
    'GET',
    `${base(shop)}/products?codes=${codes.map(encodeURIComponent).join(',')}`,
  );

export const useStockSummaries = (shop: string, codes: string[]) =>
  useQuery({
    queryKey: [...stockKey(shop), 'summaries', codes],
    queryFn: async () =>
      new Map((await fetchStockSummaries(shop, codes)).products.map((p) => [p.code, p] as const)),
    enabled: codes.length > 0,
    placeholderData: keepPreviousData,
  });

export const useProductStock = (shop: string, code: string | null) =>
  useQuery({
    queryKey: [...stockKey(shop), 'product', code ?? ''],
    queryFn: () => consoleCall<ProductStock>('GET', `${base(shop)}/products/${code}`),
    enabled: code !== null,
  });

/**
 * The movements older than the first page's last one ('Carregar mais'), read once `wanted`; keyed by that id so a
 * new movement (a new first page) starts the older pages again.
 */
export const useOlderMovements = (shop: string, code: string, after: number | null, wanted: boolean) =>
  useInfiniteQuery({
    queryKey: [...stockKey(shop), 'movements', code, after],
    queryFn: ({ pageParam }) =>
      consoleCall<StockMovementsPage>('GET', `${base(shop)}/products/${code}/movements?before=${pageParam}`),
    initialPageParam: after ?? 0,
    getNextPageParam: (last) => (last.more ? last.movements.at(-1)?.id : undefined),
    enabled: wanted && after !== null,
  });

/** Adjusts or counts units with a reason (all or none); answers how many movements were written. */
export const postAdjustment = (shop: string, body: StockAdjustBody) =>
  consoleCall<{ moved: number }>('POST', `${base(shop)}/adjustments`, body);

/** Re-reads every stock query of the shop after a change. */
function useStockMutation<T, R>(shop: string, call: (body: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: stockKey(shop) }),
  });
}

export const useAdjustStock = (shop: string) =>
  useStockMutation(shop, (body: StockAdjustBody) => postAdjustment(shop, body));

export const useSaveStockSettings = (shop: string, code: string) =>
  useStockMutation(shop, (body: StockSettingsBody) =>
    consoleCall<ProductStock>('PUT', `${base(shop)}/products/${code}/settings`, body),
  );

/** Invalidates the shop's stock queries (after a bulk adjustment's last batch). */
export function useRefreshStock(shop: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: stockKey(shop) });
}
