/**
 * Mounts the Mercado Pago Card Payment Brick and pays through our server: each Brick submit is one attempt with
 * its own `Idempotency-Key`; Paid → the messaging channel (`redirectUrl`); other results → the §8 error dialog
 * (the Brick keeps its form); a failed call → the 'Pagamento' dialog.
 */
import { useEffect, useState } from 'react';
import { CALL_ERRORS } from '@vitrine/contracts/call-errors';
import { firstServerMessage } from '../../../lib/api-client';
import { payWithMercadoPago } from '../api/pay-with-mercado-pago';
import { idempotentAttempt } from '../lib/idempotent-attempt';
import { mountCardPaymentBrick } from '../lib/mercado-pago';
import { PAYMENT_MESSAGES, paymentOutcome } from '../lib/payment-outcome';

export type BrickState = 'loading' | 'ready' | 'failed';
export type BrickDialog = { kind: 'result' | 'message'; message: string } | null;

export function useMercadoPagoBrick(containerId: string, publicKey: string, amount: number) {
  const [state, setState] = useState<BrickState>('loading');
  const [dialog, setDialog] = useState<BrickDialog>(null);

  useEffect(() => {
    let unmount: (() => void) | null = null;
    let active = true;
    mountCardPaymentBrick({
      publicKey,
      containerId,
      amount,
      onReady: () => setState('ready'),
      onError: () => undefined, // field errors are shown by the Brick itself
      onSubmit: async (formData) => {
        try {
          const result = await idempotentAttempt((key) => payWithMercadoPago(formData, key));
          const outcome = paymentOutcome(result);
          if (outcome.kind === 'paid') {
            window.location.assign(result.redirectUrl ?? '/finish');
            return;
          }
          // No captcha step with the Brick: a captcha answer reads as any other failure.
          setDialog({
            kind: 'result',
            message: outcome.kind === 'error' ? outcome.message : PAYMENT_MESSAGES.other,
          });
        } catch (error) {
          setDialog({ kind: 'message', message: firstServerMessage(error) ?? CALL_ERRORS.mercadoPago });
        }
        throw new Error('payment not approved'); // the Brick stays on its form
      },
    }).then(
      (dispose) => {
        if (active) unmount = dispose;
        else dispose();
      },
      () => {
        if (active) setState('failed');
      },
    );
    return () => {
      active = false;
      unmount?.();
    };
  }, [containerId, publicKey, amount]);

  return { state, dialog, closeDialog: () => setDialog(null) };
}
