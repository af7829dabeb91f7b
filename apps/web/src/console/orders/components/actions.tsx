/**
 * What the staff can do to an order now (the server says which: `detail.actions`): finalize, cancel with a
 * reason (a paid order asks whether to refund), and the next fulfilment steps. Each asks for confirmation first.
 */
import { useState } from 'react';
import { FULFILMENT_LABELS, type FulfilmentStep, type OrderDetail } from '@vitrine/contracts/console-orders';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { useOrderAction, type OrderAction } from '../api/orders';

type Pending =
  { kind: 'finalize' } | { kind: 'cancel' } | { kind: 'fulfilment'; step: FulfilmentStep } | null;

const DONE: Record<OrderAction['kind'], string> = {
  finalize: 'Pedido finalizado.',
  cancel: 'Pedido cancelado.',
  fulfilment: 'Etapa registrada; o cliente recebe uma mensagem.',
};

export function OrderActions({ shop, order }: { shop: string; order: OrderDetail }) {
  const action = useOrderAction(shop, order.id);
  const [pending, setPending] = useState<Pending>(null);
  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState<'refund' | 'no_refund' | ''>('');
  const [error, setError] = useState<string | null>(null);
  const paid = order.paymentStatus === 'paid';
  const { finalize, cancel, fulfilment } = order.actions;
  if (!finalize && !cancel && fulfilment.length === 0) return null;

  const open = (next: Pending) => {
    setError(null);
    setReason('');
    setRefund('');
    setPending(next);
  };
  const close = () => setPending(null);
  const run = () => {
    if (!pending) return;
    if (pending.kind === 'cancel' && reason.trim().length < 3)
      return setError('Informe o motivo do cancelamento.');
    if (pending.kind === 'cancel' && paid && !refund)
      return setError('Diga se o pagamento será reembolsado.');
    const body: OrderAction =
      pending.kind === 'cancel'
        ? { kind: 'cancel', reason: reason.trim(), ...(refund ? { refund } : {}) }
        : pending;
    action.mutate(body, {
      onSuccess: () => {
        showToast(DONE[body.kind], { variant: 'success' });
        close();
      },
      onError: (failure) => setError(errorText(failure)),
    });
  };

  const title =
    pending?.kind === 'cancel'
      ? `Cancelar o pedido nº ${order.number}`
      : pending?.kind === 'finalize'
        ? `Finalizar o pedido nº ${order.number}`
        : pending
          ? `Marcar como '${FULFILMENT_LABELS[pending.step]}'`
          : '';

  return (
    <section className="console-card" aria-labelledby="order-actions-title">
      <h2 id="order-actions-title" className="console-subtitle">
        Ações
      </h2>
      <div className="console-actions">
        {fulfilment.map((step) => (
          <button
            key={step}
            type="button"
            className="button button--primary"
            onClick={() => open({ kind: 'fulfilment', step })}
          >
            {FULFILMENT_LABELS[step]}
          </button>
        ))}
        {finalize && (
          <button type="button" className="button button--outline" onClick={() => open({ kind: 'finalize' })}>
            Finalizar pedido
          </button>
        )}
        {cancel && (
          <button
            type="button"
            className="button button--outline console-danger"
            onClick={() => open({ kind: 'cancel' })}
          >
            Cancelar pedido
          </button>
        )}
      </div>
      <Modal
        open={pending !== null}
        onClose={close}
        size="sm"
        title={title}
        footer={
          <>
            <button type="button" className="button button--outline" onClick={close}>
              Voltar
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={action.isPending}
              onClick={run}
            >
              {action.isPending ? 'Enviando…' : 'Confirmar'}
            </button>
          </>
        }
      >
        {pending?.kind === 'fulfilment' && (
          <p>O cliente recebe uma mensagem no canal do pedido avisando desta etapa.</p>
        )}
        {pending?.kind === 'finalize' && (
          <p>O pedido fica como Finalizado e não poderá mais ser cancelado.</p>
        )}
        {pending?.kind === 'cancel' && (
          <div className="console-form">
            <div className="field">
              <label className="field__label" htmlFor="cancel-reason">
                Motivo do cancelamento
              </label>
              <textarea
                id="cancel-reason"
                className="field__control"
                rows={3}
                maxLength={500}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </div>
            {paid && (
              <fieldset className="order-refund">
                <legend>Este pedido foi pago. O pagamento será reembolsado?</legend>
                <label>
                  <input
                    type="radio"
                    name="refund"
                    checked={refund === 'refund'}
                    onChange={() => setRefund('refund')}
                  />{' '}
                  Sim, vou reembolsar
                </label>
                <label>
                  <input
                    type="radio"
                    name="refund"
                    checked={refund === 'no_refund'}
                    onChange={() => setRefund('no_refund')}
                  />{' '}
                  Não reembolsar
                </label>
              </fieldset>
            )}
          </div>
        )}
        {error && (
          <p className="console-alert console-alert--error" role="alert">
            {error}
          </p>
        )}
      </Modal>
    </section>
  );
}
