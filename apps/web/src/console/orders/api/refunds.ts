/**
 * An order's refunds (issue 34, decision 0050): the list with the order's money, 'Reembolsar' (grant, one
 * Idempotency-Key per opening of the dialog, so a double click grants one), 'Enviar' / 'Tentar novamente' (send)
 * and 'Recebido no estoque' (the return). Each write then reads the order, its refunds and the board again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  GrantRefundInput,
  OrderRefunds,
  ReceiveReturnBody,
  RefundView,
  SendRefundBody,
} from '@vitrine/contracts/order-refunds';
import { consoleCall } from '../../api/console-api';
import { ordersKey } from './orders';

const refundsPath = (shop: string, orderId: string) => `/api/console/shops/${shop}/orders/${orderId}/refunds`;
/** Under the shop's orders key: a live order event or any order action reads the refunds again too. */
const refundsKey = (shop: string, orderId: string) => [...ordersKey(shop), 'refunds', orderId] as const;

/** A key for one opening of 'Reembolsar': every submit of that opening sends it. */
export const newRefundKey = () => `rfd-${crypto.randomUUID()}`;

export const useOrderRefunds = (shop: string, orderId: string) =>
  useQuery({
    queryKey: refundsKey(shop, orderId),
    queryFn: () => consoleCall<OrderRefunds>('GET', refundsPath(shop, orderId)),
  });

function useRefundWrite<Call, Answer>(shop: string, call: (input: Call) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: ordersKey(shop) }),
  });
}

export type GrantAnswer = { refund: RefundView; duplicate: boolean };
export type SendAnswer = { refund: RefundView; sent: boolean };

export const useGrantRefund = (shop: string, orderId: string) =>
  useRefundWrite(shop, (call: { key: string; body: GrantRefundInput }) =>
    consoleCall<GrantAnswer>('POST', refundsPath(shop, orderId), call.body, { 'idempotency-key': call.key }),
  );

export const useSendRefund = (shop: string, orderId: string) =>
  useRefundWrite(shop, (call: { refundId: string; body: SendRefundBody }) =>
    consoleCall<SendAnswer>('POST', `${refundsPath(shop, orderId)}/${call.refundId}/send`, call.body),
  );

export const useReceiveReturn = (shop: string, orderId: string) =>
  useRefundWrite(shop, (call: { refundId: string; body: ReceiveReturnBody }) =>
    consoleCall<{ refund: RefundView; restocked: number }>(
      'POST',
      `${refundsPath(shop, orderId)}/${call.refundId}/return`,
      call.body,
    ),
  );
