/**
 * The order's money (issue 32, decision 0046): total, paid and what is still due (or was paid too much), the
 * payment timeline the server gives — charges issued and what became of them, Pix received at the bank, payments
 * recorded by hand, undone and refunded, money flagged for staff — with 'Registrar pagamento', 'Desfazer' (a
 * payment recorded by hand today) and 'Reembolsar' (a flagged Pix received at the bank) where the server offers
 * them. Undoing and refunding ask first. 'Enviar link de pagamento' sends the order's payment message to the contact
 * again while money is due, or says why it cannot (issue 38).
 */
import { useState } from 'react';
import { PAYMENT_METHOD_LABELS, type OrderDetail } from '@vitrine/contracts/console-orders';
import { formatBRL } from '@vitrine/contracts/money';
import {
  LEDGER_FLAG_LABELS,
  RECORD_MEAN_LABELS,
  type RecordMean,
  type TimelineEntry,
} from '@vitrine/contracts/order-payments';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Empty } from '../../components/page-state';
import { usePaymentEntryAction, useSendPaymentLink } from '../api/payments';
import { Section, Timeline } from './detail-sections';
import { RecordPaymentDialog } from './record-payment-dialog';

type Asked = { entry: TimelineEntry; action: 'undo' | 'refund' } | null;

const meansText = (entry: TimelineEntry) => {
  const method = entry.method === null ? null : (PAYMENT_METHOD_LABELS[entry.method] ?? 'Outro');
  const means = entry.means ? (RECORD_MEAN_LABELS[entry.means as RecordMean] ?? entry.means) : null;
  return [method, means].filter(Boolean).join(', ');
};

function EntryBody({ entry, onAsk }: { entry: TimelineEntry; onAsk: (asked: Asked) => void }) {
  const how = meansText(entry);
  return (
    <div className="payment-entry">
      <span>
        <strong>{entry.label}</strong>
        {how && ` · ${how}`} · <strong>{formatBRL(entry.amountCents)}</strong>
        {entry.flag && (
          <span className="orders-badge orders-badge--flag">{LEDGER_FLAG_LABELS[entry.flag]}</span>
        )}
      </span>
      {entry.reference && (
        <span className="console-muted payment-entry__ref">Referência: {entry.reference}</span>
      )}
      {entry.note && (
        <span className="console-muted">
          {entry.kind === 'refund_failed' ? 'Motivo do banco' : 'Observação'}: {entry.note}
        </span>
      )}
      {(entry.canUndo || entry.canRefund) && (
        <span className="payment-entry__actions">
          {entry.canUndo && (
            <button
              type="button"
              className="button button--outline"
              onClick={() => onAsk({ entry, action: 'undo' })}
            >
              Desfazer
            </button>
          )}
          {entry.canRefund && (
            <button
              type="button"
              className="button button--outline console-danger"
              onClick={() => onAsk({ entry, action: 'refund' })}
            >
              Reembolsar
            </button>
          )}
        </span>
      )}
    </div>
  );
}

/**
 * 'Enviar link de pagamento' while money is due on an order still Received, or paid and then edited to more (issue
 * 34); the server's reason when it cannot.
 */
function SendPaymentLink({ shop, order }: { shop: string; order: OrderDetail }) {
  const send = useSendPaymentLink(shop, order.id);
  if ((order.status !== 'received' && order.status !== 'finalized') || order.dueCents <= 0) return null;
  return (
    <>
      <button
        type="button"
        className="button button--outline"
        disabled={send.isPending}
        onClick={() =>
          send.mutate(undefined, {
            onSuccess: () =>
              showToast('Link de pagamento enviado ao cliente pela conversa.', { variant: 'success' }),
          })
        }
      >
        {send.isPending ? 'Enviando…' : 'Enviar link de pagamento'}
      </button>
      {send.isError && (
        <p className="console-alert console-alert--error order-money__reason" role="alert">
          {errorText(send.error)}
        </p>
      )}
    </>
  );
}

export function OrderPayments({ shop, order }: { shop: string; order: OrderDetail }) {
  const entryAction = usePaymentEntryAction(shop, order.id);
  const [recording, setRecording] = useState(false);
  const [asked, setAsked] = useState<Asked>(null);
  const [error, setError] = useState<string | null>(null);
  const ask = (next: Asked) => {
    setError(null);
    setAsked(next);
  };
  const confirm = () => {
    if (!asked) return;
    entryAction.mutate(
      { entryId: asked.entry.entryId!, action: asked.action },
      {
        onSuccess: (answer) => {
          if (answer.status === 'NAO_REALIZADO')
            showToast(`O banco não realizou o reembolso${answer.reason ? `: ${answer.reason}` : '.'}`, {
              variant: 'error',
            });
          else
            showToast(asked.action === 'undo' ? 'Pagamento desfeito.' : 'Reembolso pedido ao banco.', {
              variant: 'success',
            });
          setAsked(null);
        },
        onError: (failure) => setError(errorText(failure)),
      },
    );
  };
  const amount = asked ? formatBRL(asked.entry.amountCents) : '';
  return (
    <Section id="order-payments" title="Pagamento">
      <dl className="order-totals order-money">
        <dt>Total</dt>
        <dd>{formatBRL(order.totalCents)}</dd>
        <dt>Pago</dt>
        <dd>{formatBRL(order.paidCents)}</dd>
        <dt>{order.dueCents < 0 ? 'Pago a mais (a reembolsar)' : 'A receber'}</dt>
        <dd>
          <strong>{formatBRL(Math.abs(order.dueCents))}</strong>
        </dd>
      </dl>
      <div className="order-money__actions">
        {order.actions.recordPayment && order.dueCents > 0 && (
          <button type="button" className="button button--primary" onClick={() => setRecording(true)}>
            Registrar pagamento
          </button>
        )}
        <SendPaymentLink shop={shop} order={order} />
      </div>
      <h3 className="console-subtitle">Linha do tempo</h3>
      {order.timeline.length === 0 ? (
        <Empty>
          {order.paymentMethod === null
            ? 'Nenhum pagamento registrado.'
            : `${PAYMENT_METHOD_LABELS[order.paymentMethod] ?? 'Outro'}: nenhuma cobrança nem pagamento ainda.`}
        </Empty>
      ) : (
        <Timeline
          timeZone={order.timeZone}
          entries={order.timeline.map((entry) => ({
            at: entry.at,
            ...(entry.actor ? { note: `por ${entry.actor}` } : {}),
            body: <EntryBody entry={entry} onAsk={ask} />,
          }))}
        />
      )}
      <RecordPaymentDialog
        shop={shop}
        order={recording ? order : null}
        timeZone={order.timeZone}
        onClose={() => setRecording(false)}
      />
      <ConfirmDialog
        open={asked !== null}
        title={
          asked?.action === 'refund'
            ? `Reembolsar ${amount} a quem pagou?`
            : `Desfazer o pagamento de ${amount}?`
        }
        confirmLabel={asked?.action === 'refund' ? 'Reembolsar' : 'Desfazer pagamento'}
        busy={entryAction.isPending}
        onConfirm={confirm}
        onCancel={() => setAsked(null)}
      >
        <p>
          {asked?.action === 'refund'
            ? 'O banco reembolsa o Pix a quem pagou. Não dá para cancelar o reembolso depois de pedido.'
            : 'O valor sai do que foi pago neste pedido. O registro fica na linha do tempo e no histórico.'}
        </p>
        {error && (
          <p className="console-alert console-alert--error" role="alert">
            {error}
          </p>
        )}
      </ConfirmDialog>
    </Section>
  );
}
