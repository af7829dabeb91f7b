import type { DeliveryPaymentBody } from '@vitrine/contracts/checkout';
import type { Order } from '@vitrine/contracts/order';
import { apiCall } from '../../../lib/api-client';

/** `POST /api/order/payment/delivery`: pay on delivery with a mean (and, for 'Dinheiro', the cash amount). */
export function setDeliveryPayment(body: DeliveryPaymentBody): Promise<Order> {
  return apiCall<Order>('deliveryPayment', 'POST', '/api/order/payment/delivery', { body });
}
