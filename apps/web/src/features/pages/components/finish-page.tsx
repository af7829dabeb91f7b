import { useEffect } from 'react';
import { OrderStatus } from '@vitrine/contracts/enums';
import { formatReais } from '@vitrine/contracts/money';
import { StatusMessage } from '../../../components/status-message';
import { showToast } from '../../../stores/toast-store';
import { useAppStore } from '../../../stores/app-store';

/**
 * /finish: 'Pedido finalizado' with the order's number and total (issue 38) and its toast, or 'Pedido cancelado' when the current order is Canceled
 * (the agent's cancel call puts the cancelled order in the store before navigating here). On a reload the order
 * comes with the (optional) session load: `settled` (from the app's session gate) says when it has, so the toast
 * is decided once.
 */
export function FinishPage({ settled }: { settled: boolean }) {
  const canceled = useAppStore((state) => state.order?.status === OrderStatus.Canceled);
  const number = useAppStore((state) => state.order?.number ?? null);
  const total = useAppStore((state) => state.order?.totalAmout ?? null);

  useEffect(() => {
    if (settled && !canceled) {
      showToast('Pedido finalizado, você pode fechar essa aba!', { id: 'finish' });
    }
  }, [settled, canceled]);

  return (
    <div className="page">
      {canceled ? (
        <StatusMessage tone="info" title="Pedido cancelado">
          <p className="status-message__text">Este pedido foi cancelado. Você pode fechar essa aba.</p>
        </StatusMessage>
      ) : (
        <StatusMessage tone="success" title="Pedido finalizado">
          {number !== null && total !== null && (
            <p className="status-message__text">
              <strong>Pedido nº {number}</strong> · Total {formatReais(total)}
            </p>
          )}
          <p className="status-message__text">Obrigado! Você já pode fechar essa aba.</p>
        </StatusMessage>
      )}
    </div>
  );
}
