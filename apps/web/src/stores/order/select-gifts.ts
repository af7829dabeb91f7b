import type { Order } from '@vitrine/contracts/order';
import type { SelectGiftsBody } from '@vitrine/contracts/order-api';
import { apiCall } from '../../lib/api-client';

/**
 * `POST /api/order/gift/` (bearer): replaces one gift group's selection with `body.selectedGifts` and
 * resolves with the updated order. Rejects with 'Falha ao adicionar brinde ao pedido' on failure.
 */
export function selectGifts(body: SelectGiftsBody, signal?: AbortSignal): Promise<Order> {
  return apiCall<Order>('addGift', 'POST', '/api/order/gift/', { body, signal });
}
