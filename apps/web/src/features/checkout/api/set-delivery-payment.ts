import type { Order } from '@vitrine/contracts/order';
import { apiCall } from '../../../lib/api-client';

export interface DeliveryPaymentInput {
  providerId: string;
  /** The group ('Dinheiro', 'Cartão', …). */
  type: string | null;
  /** Reais, for the 'Dinheiro' group (change for this amount). */
  cashAmount: number | null;
}

/** `POST /api/order/payment/delivery`: pay on delivery with a mean (and the cash amount). */
export function setDeliveryPayment(input: DeliveryPaymentInput): Promise<Order> {
  return apiCall<Order>('deliveryPayment', 'POST', '/api/order/payment/delivery', { body: input });
}
