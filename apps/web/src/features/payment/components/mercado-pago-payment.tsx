/**
 * Mercado Pago page (spec §2): 'Carregando pagamento...' until the embedded Card Payment Brick (600 px wide,
 * pt-BR) is ready; its success sends the shopper back to the chat.
 */
import { useId } from 'react';
import type { Order } from '@vitrine/contracts/order';
import { MessageDialog } from '../../../components/message-dialog';
import { useChangePaymentMethod } from '../hooks/use-change-payment-method';
import { useMercadoPagoBrick } from '../hooks/use-mercado-pago-brick';
import { BRICK_WIDTH_PX } from '../lib/mercado-pago';
import { PaymentResultDialog } from './payment-result-dialog';

export interface MercadoPagoPaymentProps {
  order: Order;
  publicKey: string;
}

export function MercadoPagoPayment({ order, publicKey }: MercadoPagoPaymentProps) {
  const containerId = `mp-brick-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const brick = useMercadoPagoBrick(containerId, publicKey, order.totalAmout);
  const method = useChangePaymentMethod();
  const changeMethod = () => {
    brick.closeDialog();
    void method.changeMethod();
  };

  return (
    <section className="page mp-payment" aria-labelledby="mp-payment-title">
      <h1 id="mp-payment-title" className="page__title">
        Pagamento com cartão
      </h1>
      {brick.state === 'loading' && (
        <p className="page__lead" role="status">
          Carregando pagamento...
        </p>
      )}
      {brick.state === 'failed' && (
        <p className="payment-form__alert" role="alert">
          Não foi possível carregar o pagamento. Verifique sua conexão e recarregue a página.
        </p>
      )}
      <div id={containerId} className="mp-payment__brick" style={{ width: BRICK_WIDTH_PX }} />
      <PaymentResultDialog
        message={brick.dialog?.kind === 'result' ? brick.dialog.message : null}
        onChangeMethod={changeMethod}
        onClose={brick.closeDialog}
      />
      <MessageDialog
        open={brick.dialog?.kind === 'message'}
        title="Pagamento"
        message={brick.dialog?.message ?? ''}
        onClose={brick.closeDialog}
      />
    </section>
  );
}
