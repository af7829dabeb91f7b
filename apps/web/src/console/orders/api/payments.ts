/**
 * An order's money (issue 32, decision 0046): 'Registrar pagamento' (one Idempotency-Key per dialog opening, so a
 * double click records one payment), 'Desfazer' a payment recorded by hand today, and 'Reembolsar' a flagged Pix
 * received at the bank, and 'Enviar link de pagamento' (issue 38). Each then reads the order and the board again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordPaymentInput } from '@vitrine/contracts/order-payments';
import { consoleCall } from '../../api/console-api';
import { ordersKey } from './orders';

const paymentsPath = (shop: string, orderId: string) =>
  `/api/console/shops/${shop}/orders/${orderId}/payments`;

export type RecordPaymentAnswer = { entryId: string; duplicate: boolean; fullyPaid: boolean };

/** A key for one opening of the dialog: every submit of that opening sends it. */
export const newIdempotencyKey = () => `pay-${crypto.randomUUID()}`;

export function useRecordPayment(shop: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (call: { orderId: string; key: string; body: RecordPaymentInput }) =>
      consoleCall<RecordPaymentAnswer>('POST', paymentsPath(shop, call.orderId), call.body, {
        'idempotency-key': call.key,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ordersKey(shop) }),
  });
}

/** 'Desfazer' (`undo`) or 'Reembolsar' (`refund`) of one ledger entry of the order. */
export function usePaymentEntryAction(shop: string, orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (call: { entryId: string; action: 'undo' | 'refund' }) =>
      consoleCall<{ done?: true; status?: string; reason?: string | null }>(
        'POST',
        `${paymentsPath(shop, orderId)}/${call.entryId}/${call.action}`,
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ordersKey(shop) }),
  });
}

/** 'Enviar link de pagamento': the order's payment message again to its contact over the chat. */
export function useSendPaymentLink(shop: string, orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      consoleCall<{ sent: true }>('POST', `/api/console/shops/${shop}/orders/${orderId}/payment-link`),
    onSettled: () => client.invalidateQueries({ queryKey: ordersKey(shop) }),
  });
}
