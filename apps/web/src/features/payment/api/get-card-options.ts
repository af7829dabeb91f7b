import type { CardOption } from '@vitrine/contracts/payment';
import { apiCall } from '../../../lib/api-client';

/** `GET /api/order/payment/credit`: the card types the shop accepts with their installment plans. */
export function getCardOptions(signal?: AbortSignal): Promise<CardOption[]> {
  return apiCall<CardOption[]>('creditOptions', 'GET', '/api/order/payment/credit', { signal });
}
