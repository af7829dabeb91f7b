/**
 * §8 card result dialog: the result text, the advice 'Você pode alterar a forma de pagamento ou modificar os
 * dados antes de tentar novamente', and the actions 'Alterar forma de pagamento' and 'Modificar dados do cartão'
 * (closes, the form keeps what was typed, and focus goes to the field to fix: `returnFocus`). The dialog is
 * fixed to the screen, so it opens in view wherever the shopper has scrolled the form to.
 */
import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { PAYMENT_MESSAGES } from '../lib/payment-outcome';

export interface PaymentResultDialogProps {
  message: string | null;
  onChangeMethod: () => void;
  onClose: () => void;
  /** The field to fix, focused when the dialog closes. */
  returnFocus?: () => HTMLElement | null | undefined;
}

export function PaymentResultDialog({
  message,
  onChangeMethod,
  onClose,
  returnFocus,
}: PaymentResultDialogProps) {
  // Keep the last text while the dialog fades out.
  const [shown, setShown] = useState(message);
  if (message !== null && message !== shown) setShown(message);
  return (
    <Modal
      open={message !== null}
      onClose={onClose}
      title="Pagamento não aprovado"
      size="sm"
      returnFocus={returnFocus}
      footer={
        <>
          <button type="button" className="button button--outline" onClick={onChangeMethod}>
            Alterar forma de pagamento
          </button>
          <button type="button" className="button button--primary" onClick={onClose}>
            Modificar dados do cartão
          </button>
        </>
      }
    >
      <p className="payment-dialog__message">{shown}</p>
      <p className="payment-dialog__advice">{PAYMENT_MESSAGES.advice}</p>
    </Modal>
  );
}
