/**
 * The board's live updates: the shop's server-sent events (GET /api/console/shops/{shop}/events, decision 0022)
 * invalidate the orders' queries, so TanStack Query reads the list and the open detail again. While the stream is
 * down (`live` false) the board polls instead; EventSource reconnects by itself and resumes with Last-Event-ID.
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ordersKey } from '../api/orders';

type OrderEvent = { type: 'order.placed' | 'order.changed' | 'payment.changed'; orderId: string };

/** How long a new order stays marked on the board. */
const FRESH_MS = 60_000;

export function useLiveOrders(shop: string) {
  const client = useQueryClient();
  const [live, setLive] = useState(false);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const source = new EventSource(`/api/console/shops/${shop}/events`);
    const refresh = () => void client.invalidateQueries({ queryKey: ordersKey(shop) });
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    source.addEventListener('resync', refresh);
    source.addEventListener('order', (message: MessageEvent<string>) => {
      refresh();
      const event = JSON.parse(message.data) as OrderEvent;
      if (event.type !== 'order.placed') return;
      setFresh((ids) => new Set(ids).add(event.orderId));
      const timer = setTimeout(() => {
        timers.delete(timer);
        setFresh((ids) => {
          const next = new Set(ids);
          next.delete(event.orderId);
          return next;
        });
      }, FRESH_MS);
      timers.add(timer);
    });
    return () => {
      source.close();
      timers.forEach(clearTimeout);
      setLive(false);
    };
  }, [client, shop]);

  return { live, fresh };
}
