import type { Order } from '@vitrine/contracts/order';
import type { InstallmentsBody } from '@vitrine/contracts/payment';
import { apiCall } from '../../../lib/api-client';

/** `POST /api/order/payment/credit/installments`: card type and installment count; answers the order. */
export function setInstallments(body: InstallmentsBody, signal?: AbortSignal): Promise<Order> {
  return apiCall<Order>('installments', 'POST', '/api/order/payment/credit/installments', { body, signal });
}
