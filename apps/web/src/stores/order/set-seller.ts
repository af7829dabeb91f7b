import type { SellerBody } from '@vitrine/contracts/checkout';
import type { Order } from '@vitrine/contracts/order';
import { apiCall } from '../../lib/api-client';

/** `POST /api/order/seller/` (agents): chooses the seller; the server clears logistic, day, schedule, payment. */
export function setSeller(providerId: string): Promise<Order> {
  const body: SellerBody = { providerId };
  return apiCall<Order>('setSeller', 'POST', '/api/order/seller/', { body });
}
