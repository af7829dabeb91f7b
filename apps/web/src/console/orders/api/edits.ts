/**
 * 'Editar pedido' (issue 34, decision 0053): the order's current version and its proposals, and a new proposal
 * sent to the contact. Kept under the orders' key, so the live stream (the contact accepting) re-reads them.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleProductPage } from '@vitrine/contracts/console-catalog-api';
import type {
  CompletePaymentBody,
  OrderCompletion,
  OrderEdits,
  OrderEditView,
  ProposeOrderEditBody,
} from '@vitrine/contracts/order-edits';
import { consoleCall } from '../../api/console-api';
import { ordersKey } from './orders';

const editsPath = (shop: string, orderId: string) => `/api/console/shops/${shop}/orders/${orderId}/edits`;

export const useOrderEdits = (shop: string, orderId: string) =>
  useQuery({
    queryKey: [...ordersKey(shop), 'edits', orderId],
    queryFn: () => consoleCall<OrderEdits>('GET', editsPath(shop, orderId)),
  });

export function useProposeEdit(shop: string, orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProposeOrderEditBody) =>
      consoleCall<OrderEditView>('POST', editsPath(shop, orderId), body),
    onSettled: () => client.invalidateQueries({ queryKey: ordersKey(shop) }),
  });
}

/** 'Adicionar produto': the shop's active products matching `q` (2+ letters), for every role. */
export const useEditProducts = (shop: string, orderId: string, q: string) =>
  useQuery({
    queryKey: ['shop', shop, 'order-edit-products', q],
    queryFn: () =>
      consoleCall<ConsoleProductPage>(
        'GET',
        `${editsPath(shop, orderId)}/products?${new URLSearchParams({ q }).toString()}`,
      ),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
  });

const completionPath = (shop: string, orderId: string) =>
  `/api/console/shops/${shop}/orders/${orderId}/completion`;

/** 'Completar pedido' (issue 38): the payment methods the order may still be given, at its version. */
export const useOrderCompletion = (shop: string, orderId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...ordersKey(shop), 'completion', orderId],
    queryFn: () => consoleCall<OrderCompletion>('GET', completionPath(shop, orderId)),
    enabled,
  });

export function useCompletePayment(shop: string, orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CompletePaymentBody) =>
      consoleCall<{ version: number; paymentMethod: string }>(
        'POST',
        `${completionPath(shop, orderId)}/payment-method`,
        body,
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ordersKey(shop) }),
  });
}
