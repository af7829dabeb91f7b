import { useEffect } from 'react';
import { StatusMessage } from '../../../components/status-message';
import { showToast } from '../../../stores/toast-store';

/** /confirm: opened after a customer confirms the order outside WhatsApp. */
export function ConfirmPage() {
  useEffect(() => {
    showToast('Pedido confirmado, você pode fechar essa aba', { id: 'confirm' });
  }, []);

  return (
    <div className="page">
      <StatusMessage tone="success" title="Itens adicionados ao pedido">
        <p className="status-message__text">Recebemos seu pedido. Continue o atendimento pela conversa.</p>
      </StatusMessage>
    </div>
  );
}
