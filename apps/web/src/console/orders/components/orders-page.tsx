/**
 * Pedidos (every role): the board, or one order when the URL names it. The live stream is opened here so it
 * stays open while the user moves between the list and an order; the board's filters stay in the URL's query.
 */
import { useMemo } from 'react';
import { useSearchParams } from 'wouter';
import type { BoardFilters } from '@vitrine/contracts/console-orders';
import { filtersSearch } from '../api/orders';
import { useLiveOrders } from '../hooks/use-live-orders';
import { OrderDetailPage } from './detail-page';
import { OrdersBoard } from './board';
import { filtersFromSearch } from './filters-model';
import './orders.css';

export function OrdersPage({ shop, orderId }: { shop: string; orderId?: string | undefined }) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const { live, fresh } = useLiveOrders(shop);
  if (orderId) {
    const search = filtersSearch(filters);
    return (
      <OrderDetailPage
        shop={shop}
        orderId={orderId}
        backHref={`/console/lojas/${shop}/pedidos${search ? `?${search}` : ''}`}
        live={live}
      />
    );
  }
  return (
    <OrdersBoard
      shop={shop}
      filters={filters}
      onFilters={(next: BoardFilters) => setParams(filtersSearch(next))}
      live={live}
      fresh={fresh}
    />
  );
}
