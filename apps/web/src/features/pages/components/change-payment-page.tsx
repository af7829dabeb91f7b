import { useEffect } from 'react';
import { StatusMessage } from '../../../components/status-message';
import { showToast } from '../../../stores/toast-store';

/** /change-payment: the card page sends the shopper here after asking for another payment method. */
export function ChangePaymentPage() {
  useEffect(() => {
    showToast('Você pode fechar essa aba para alterar a forma de pagamento', { id: 'change-payment' });
  }, []);

  return (
    <div className="page">
      <StatusMessage tone="info" title="Aguardando alteração...">
        <p className="status-message__text">Volte para a conversa para escolher outra forma de pagamento.</p>
      </StatusMessage>
    </div>
  );
}
