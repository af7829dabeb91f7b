/** 'Recebido no estoque' of a refund's return (issue 34, decision 0050). */
import { useState } from 'react';
import type { RefundView } from '@vitrine/contracts/order-refunds';
import { TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { FormError } from '../../components/form-error';
import { useReceiveReturn } from '../api/refunds';
import {
  amountText,
  planReturn,
  returnDraftOf,
  type DraftErrors,
  type RefundLine,
  type ReturnDraft,
} from './refund-model';

export type Measures = Map<string, Pick<RefundLine, 'kilogramsPerUnit'>>;

/** 'Recebido no estoque': per line what came back sellable (back to stock) and damaged (not). */
export function ReceiveDialog({
  shop,
  orderId,
  refund,
  measures,
  onClose,
}: {
  shop: string;
  orderId: string;
  refund: RefundView;
  measures: Measures;
  onClose: () => void;
}) {
  const receive = useReceiveReturn(shop, orderId);
  const [draft, setDraft] = useState<ReturnDraft>(() => returnDraftOf(refund, measures));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [error, setError] = useState<string | null>(null);
  const run = () => {
    const planned = planReturn(refund, measures, draft);
    if ('errors' in planned) return setErrors(planned.errors);
    setErrors({});
    setError(null);
    receive.mutate(
      { refundId: refund.id, body: planned.body },
      {
        onSuccess: () => {
          showToast('Devolução recebida: os itens em condição de venda voltaram ao estoque.', {
            variant: 'success',
          });
          onClose();
        },
        onError: (failure) => setError(errorText(failure)),
      },
    );
  };
  const field = (itemId: string, key: 'sellable' | 'damaged', value: string) =>
    setDraft((d) => ({ ...d, [itemId]: { ...d[itemId]!, [key]: value } }));
  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title="Recebido no estoque"
      footer={
        <>
          <button type="button" className="button button--outline" onClick={onClose}>
            Cancelar
          </button>
          <button type="button" className="button button--primary" disabled={receive.isPending} onClick={run}>
            {receive.isPending ? 'Registrando…' : 'Registrar devolução'}
          </button>
        </>
      }
    >
      <p>
        O que voltou em condição de venda entra no estoque; o que voltou com defeito, não. Só dá para
        registrar uma vez.
      </p>
      {refund.lines.map((l) => {
        const measure = measures.get(l.itemId) ?? { kilogramsPerUnit: null };
        const kg = measure.kilogramsPerUnit !== null ? ' (kg)' : '';
        return (
          <fieldset key={l.itemId} className="order-refund">
            <legend>
              {l.name}: {amountText(measure, l.quantity)} reembolsado(s)
            </legend>
            <div className="record-payment__row">
              <TextField
                label={`Para venda${kg}`}
                name={`sellable-${l.itemId}`}
                inputMode={kg ? 'decimal' : 'numeric'}
                value={draft[l.itemId]?.sellable ?? ''}
                onValue={(value) => field(l.itemId, 'sellable', value)}
                error={errors[`${l.itemId}.sellable`] ?? null}
              />
              <TextField
                label={`Com defeito${kg}`}
                name={`damaged-${l.itemId}`}
                inputMode={kg ? 'decimal' : 'numeric'}
                placeholder="0"
                value={draft[l.itemId]?.damaged ?? ''}
                onValue={(value) => field(l.itemId, 'damaged', value)}
                error={errors[`${l.itemId}.damaged`] ?? null}
              />
            </div>
          </fieldset>
        );
      })}
      <FormError error={errors.form ?? error} />
    </Modal>
  );
}
