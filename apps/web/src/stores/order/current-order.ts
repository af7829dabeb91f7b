/**
 * The session's current order from the server: `GET /api/order/current` (bearer; 'Falha ao carregar pedido' on
 * failure), and `refreshCurrentOrder`, which puts the answer in the app store.
 */
import { useEffect } from 'react';
import type { Order } from '@vitrine/contracts/order';
import { apiCall } from '../../lib/api-client';
import { appActions } from '../app-store';

export function getCurrentOrder(signal?: AbortSignal): Promise<Order> {
  return apiCall<Order>('currentOrder', 'GET', '/api/order/current', { signal });
}

/**
 * Reloads the current order into the app store; resolves with it, or null when the call failed (the previous
 * order stays, per spec §8 "nothing changes").
 */
export async function refreshCurrentOrder(signal?: AbortSignal): Promise<Order | null> {
  try {
    const order = await getCurrentOrder(signal);
    appActions.setOrder(order);
    return order;
  } catch {
    return null;
  }
}

/**
 * Keeps the current order live while a screen showing it is mounted (catalogue footer, cart, product, agent
 * checkout): the live client (live-order.ts, docs/decisions/0026) is loaded after the screen's first render.
 */
export function useLiveOrder(): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    void import('./live-order').then((live) => {
      if (!gone) stop = live.startLiveOrder(getCurrentOrder);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, []);
}
