/** The orders board: a filtered keyset list, one order's detail and the staff's actions on it. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BoardFilters,
  BoardPage,
  CancelOrderBody,
  FulfilmentStep,
  NotPlacedCatalogOrders,
  OrderDetail,
} from '@vitrine/contracts/console-orders';
import { consoleCall } from '../../api/console-api';

/** Every query of the shop's orders (list pages and details): what a live event invalidates. */
export const ordersKey = (shop: string) => ['shop', shop, 'orders'] as const;
const orderKey = (shop: string, id: string) => [...ordersKey(shop), 'detail', id] as const;

/** The filters as a query string (empty values left out), as the URL, the list and the CSV export take them. */
export function filtersSearch(filters: BoardFilters, cursor?: string | null): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** The board's pages; `poll` re-reads every 15 s while the live stream is down. */
export const useBoard = (shop: string, filters: BoardFilters, poll: boolean) =>
  useInfiniteQuery({
    queryKey: [...ordersKey(shop), 'list', filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      consoleCall<BoardPage>('GET', `/api/console/shops/${shop}/orders?${filtersSearch(filters, pageParam)}`),
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: poll ? 15_000 : false,
  });

export const useOrder = (shop: string, id: string, poll: boolean) =>
  useQuery({
    queryKey: orderKey(shop, id),
    queryFn: () => consoleCall<OrderDetail>('GET', `/api/console/shops/${shop}/orders/${id}`),
    refetchInterval: poll ? 15_000 : false,
  });

export type OrderAction =
  | { kind: 'finalize' }
  | ({ kind: 'cancel' } & CancelOrderBody)
  | { kind: 'fulfilment'; step: FulfilmentStep };

/** One action on the order; then the order and the list are read again. */
export function useOrderAction(shop: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: OrderAction) => {
      const path = `/api/console/shops/${shop}/orders/${id}/${action.kind}`;
      if (action.kind === 'finalize') return consoleCall('POST', path);
      if (action.kind === 'cancel')
        return consoleCall('POST', path, { reason: action.reason, refund: action.refund });
      return consoleCall('POST', path, { step: action.step });
    },
    onSettled: () => client.invalidateQueries({ queryKey: ordersKey(shop) }),
  });
}

/** The last week's WhatsApp catalogue orders of which nothing could be placed (no order, no live event): polled. */
export const useNotPlacedCatalogOrders = (shop: string) =>
  useQuery({
    queryKey: ['shop', shop, 'catalog-orders', 'not-placed'],
    queryFn: () =>
      consoleCall<NotPlacedCatalogOrders>('GET', `/api/console/shops/${shop}/catalog-orders/not-placed`),
    refetchInterval: 60_000,
  });
