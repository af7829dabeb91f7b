import { useCallback } from 'react';
import type { Order } from '@vitrine/contracts/order';
import { appActions } from '../../../stores/app-store';
import { getCurrentOrder } from '../api/get-current-order';

/**
 * Reloads the current order into the shared state; resolves with it, or null when the call failed
 * (the previous order stays, per spec §8 "nothing changes").
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

/** Hook form of `refreshCurrentOrder`, for screens that reload the order on demand. */
export function useRefreshCurrentOrder(): () => Promise<Order | null> {
  return useCallback(() => refreshCurrentOrder(), []);
}
