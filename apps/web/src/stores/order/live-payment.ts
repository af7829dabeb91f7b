/**
 * A payment screen follows its order live (docs/decisions/0026): when the order is paid (Finalized — a Pix or
 * boleto paid, a card approved after review; from an event, or the stream's hello after a reconnect) the screen
 * moves to /finish by itself; a charge that expires calls `onExpired` (the card page opens the §8 dialog). While
 * the stream is blocked, each poll tick asks for the order awaiting payment: none any more (404) means it was
 * paid meanwhile. `onChanged` hears every other change of the order (the /change-payment page re-reads).
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { OrderStatus, PaymentStatus } from '@vitrine/contracts/enums';
import { isApiCallError } from '../../lib/api-client';
import type { OrderEvent } from './live-order';
import { getPayableOrder } from './payable-order';

export interface LivePaymentHandlers {
  onExpired?: () => void;
  onChanged?: () => void;
}

export function useLivePayment(orderId: string | null, handlers: LivePaymentHandlers): void {
  const [, navigate] = useLocation();
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!orderId) return;
    const finish = () => navigate('/finish', { replace: true });
    const onEvent = (event: OrderEvent) => {
      if (event.status === OrderStatus.Finalized) finish();
      else if (event.kind === 'payment' && event.paymentStatus === PaymentStatus.Expired)
        latest.current.onExpired?.();
      else if (event.kind === 'poll')
        getPayableOrder().then(
          () => latest.current.onChanged?.(),
          (error: unknown) => {
            if (isApiCallError(error) && error.httpStatus === 404) finish();
          },
        );
      else if (event.kind === 'order') latest.current.onChanged?.();
    };
    // Loaded like the rest of the live client: after the page's first render.
    let stop: (() => void) | undefined;
    let gone = false;
    void import('./live-order').then((live) => {
      if (!gone) stop = live.followOrder(orderId, onEvent);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [orderId, navigate]);
}
