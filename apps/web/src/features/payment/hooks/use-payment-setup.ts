/**
 * Loads what /order/payment decides from: the order awaiting payment and its payment account
 * (`settings.type` picks the screen: built-in card page, Pagar.me card page, Mercado Pago Brick or link — whose
 * payment page is created first when the order has none yet).
 */
import { useEffect, useState } from 'react';
import { CALL_ERRORS } from '@vitrine/contracts/call-errors';
import type { Order } from '@vitrine/contracts/order';
import type { PaymentAccount } from '@vitrine/contracts/payment';
import { firstServerMessage } from '../../../lib/api-client';
import { createPaymentLink } from '../api/create-payment-link';
import { getPaymentAccount } from '../api/get-payment-account';
import { getPayableOrder } from '../../../stores/order/payable-order';

export type PaymentSetup =
  | { state: 'loading' }
  | { state: 'failed'; message: string; retry: () => void }
  | { state: 'ready'; order: Order; account: PaymentAccount['settings'] };

export function usePaymentSetup(): PaymentSetup {
  const [attempt, setAttempt] = useState(0);
  const [setup, setSetup] = useState<PaymentSetup>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const retry = () => {
      setSetup({ state: 'loading' });
      setAttempt((n) => n + 1);
    };
    void (async () => {
      let order: Order;
      try {
        order = await getPayableOrder(signal);
      } catch (error) {
        if (!signal.aborted) {
          setSetup({
            state: 'failed',
            message: firstServerMessage(error) ?? CALL_ERRORS.currentOrder,
            retry,
          });
        }
        return;
      }
      try {
        const { settings } = await getPaymentAccount(order.id, signal);
        // A link account's page is made on demand (once per order) before the browser goes there.
        if (settings.type === 'link' && !order.payment.link) order = await createPaymentLink(signal);
        if (!signal.aborted) setSetup({ state: 'ready', order, account: settings });
      } catch (error) {
        if (!signal.aborted) {
          setSetup({
            state: 'failed',
            message: firstServerMessage(error) ?? CALL_ERRORS.paymentAccount,
            retry,
          });
        }
      }
    })();
    return () => controller.abort();
  }, [attempt]);

  return setup;
}
