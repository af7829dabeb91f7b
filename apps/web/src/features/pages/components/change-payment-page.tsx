import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { PaymentMethod } from '@vitrine/contracts/enums';
import { StatusMessage } from '../../../components/status-message';
import { useLivePayment } from '../../../stores/order/live-payment';
import { getPayableOrder } from '../../../stores/order/payable-order';
import { showToast } from '../../../stores/toast-store';

/**
 * /change-payment: the card page sends the shopper here after asking for another payment method. The page
 * follows the order live (docs/decisions/0026): paid meanwhile (e.g. by Pix in the chat) → /finish; the card
 * chosen again in the chat → back to the card page.
 */
export function ChangePaymentPage() {
  const [, navigate] = useLocation();
  const [orderId, setOrderId] = useState<string | null>(null);

  useEffect(() => {
    showToast('Você pode fechar essa aba para alterar a forma de pagamento', { id: 'change-payment' });
    const controller = new AbortController();
    getPayableOrder(controller.signal).then(
      (order) => setOrderId(order.id),
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  useLivePayment(orderId, {
    onChanged: () =>
      void getPayableOrder().then(
        (order) => {
          if (order.payment.method === PaymentMethod.CreditCard)
            navigate('/order/payment', { replace: true });
        },
        () => undefined,
      ),
  });

  return (
    <div className="page">
      <StatusMessage tone="info" title="Aguardando alteração...">
        <p className="status-message__text">Volte para a conversa para escolher outra forma de pagamento.</p>
      </StatusMessage>
    </div>
  );
}
