/**
 * Footer actions (spec §2): 'Finalizar e enviar <método>' (or 'Receber pedido' when charging is disabled),
 * 'Enviar resumo do pedido', 'Enviar para fluxo semiautomático' / 'Voltar para fluxo assistido' and 'Cancelar
 * pedido' with its confirmation dialog. The busy label of the running call shows in a live region.
 */
import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { useBusyLabel } from '../hooks/checkout-store';
import { useCheckoutActions } from '../hooks/use-checkout-actions';

export interface CheckoutFooterProps {
  confirmText: string;
  isInSemiAutomatic: boolean;
  onConfirm: () => void;
}

export function CheckoutFooter({ confirmText, isInSemiAutomatic, onConfirm }: CheckoutFooterProps) {
  const busy = useBusyLabel();
  const actions = useCheckoutActions();
  const [asking, setAsking] = useState(false);
  const working = busy !== null;

  return (
    <div className="checkout-footer">
      <p className="checkout-footer__status" role="status">
        {busy ?? ''}
      </p>
      <button type="button" className="button button--primary" disabled={working} onClick={onConfirm}>
        {busy === 'Processando...' ? 'Processando...' : confirmText}
      </button>
      <button
        type="button"
        className="button button--secondary"
        disabled={working}
        onClick={() => void actions.sendResume()}
      >
        {busy === 'Enviando resumo do pedido' ? 'Enviando resumo do pedido' : 'Enviar resumo do pedido'}
      </button>
      <button
        type="button"
        className="button button--outline"
        disabled={working}
        onClick={() => void actions.toggleSemiAutomatic(isInSemiAutomatic)}
      >
        {isInSemiAutomatic ? 'Voltar para fluxo assistido' : 'Enviar para fluxo semiautomático'}
      </button>
      <button
        type="button"
        className="button button--outline checkout-footer__cancel"
        disabled={working}
        aria-haspopup="dialog"
        onClick={() => setAsking(true)}
      >
        Cancelar pedido
      </button>
      <Modal
        open={asking}
        onClose={() => setAsking(false)}
        title="Você tem certeza que deseja cancelar esse pedido?"
        size="sm"
        footer={
          <>
            <button type="button" className="button button--outline" onClick={() => setAsking(false)}>
              Não
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setAsking(false);
                void actions.cancel();
              }}
            >
              Sim
            </button>
          </>
        }
      />
    </div>
  );
}
