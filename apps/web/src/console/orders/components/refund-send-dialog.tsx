/** 'Enviar' / 'Tentar novamente' of a refund (issue 34, decision 0050). */
import { useRef, useState } from 'react';
import { formatBRL } from '@vitrine/contracts/money';
import type { RefundView } from '@vitrine/contracts/order-refunds';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { FormError } from '../../components/form-error';
import { useSendRefund } from '../api/refunds';
import { sentText } from './refund-dialog';
import { needsReference } from './refund-model';
import { RefundRailField } from './refund-rail-field';

/** 'Enviar' / 'Tentar novamente': asks first; by the payment's rail, or recorded as done by hand. */
export function SendDialog({
  shop,
  orderId,
  refund,
  onClose,
}: {
  shop: string;
  orderId: string;
  refund: RefundView;
  onClose: () => void;
}) {
  const send = useSendRefund(shop, orderId);
  const [manual, setManual] = useState(false);
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [referenceError, setReferenceError] = useState<string | null>(null);
  const running = useRef(false);
  const byHand = needsReference(refund.rail, manual);
  const run = () => {
    if (running.current) return;
    if (byHand && !reference.trim())
      return setReferenceError('Informe a referência do reembolso feito por fora.');
    running.current = true;
    setError(null);
    send.mutate(
      { refundId: refund.id, body: { manual: byHand, reference: byHand ? reference.trim() : null } },
      {
        onSuccess: (answer) => {
          showToast(sentText(answer), { variant: answer.sent ? 'success' : 'error' });
          onClose();
        },
        onError: (failure) => setError(errorText(failure)),
        onSettled: () => {
          running.current = false;
        },
      },
    );
  };
  const again = refund.status !== 'granted';
  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title={`${again ? 'Tentar de novo o' : 'Enviar o'} reembolso de ${formatBRL(refund.amountCents)}?`}
      footer={
        <>
          <button type="button" className="button button--outline" onClick={onClose}>
            Cancelar
          </button>
          <button type="button" className="button button--primary" disabled={send.isPending} onClick={run}>
            {send.isPending ? 'Reembolsando…' : `Reembolsar ${formatBRL(refund.amountCents)}`}
          </button>
        </>
      }
    >
      {refund.failure && <p className="refund-failure">Última tentativa: {refund.failure}</p>}
      <RefundRailField
        rail={refund.rail}
        manual={manual}
        reference={reference}
        error={referenceError}
        onManual={setManual}
        onReference={setReference}
      />
      <p className="console-muted">Não dá para desfazer um reembolso enviado.</p>
      <FormError error={error} />
    </Modal>
  );
}
