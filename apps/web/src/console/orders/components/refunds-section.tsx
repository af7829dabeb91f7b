/**
 * The order's refunds (issue 34, decision 0050): paid, refunded, pending and what may still be refunded;
 * 'Reembolsar' (owners and managers, as the server allows); each refund with its status (Concedido, Processando,
 * Enviado, Falhou with the provider's reason in pt-BR), its lines, reason and who; 'Enviar' / 'Tentar novamente'
 * (asks first; by the payment's rail or recorded by hand) and 'Recebido no estoque' (what came back sellable goes
 * back to stock, damaged does not) where the server offers them.
 */
import { useMemo, useState } from 'react';
import { ROLE_RANK } from '@vitrine/contracts/console-roles';
import type { OrderDetail } from '@vitrine/contracts/console-orders';
import { formatBRL } from '@vitrine/contracts/money';
import { REFUND_RAIL_LABELS, type OrderRefunds, type RefundView } from '@vitrine/contracts/order-refunds';
import { useMe } from '../../api/me';
import { formatDateTime } from '../../components/format-date';
import { Empty, LoadError, Loading } from '../../components/page-state';
import { useOrderRefunds } from '../api/refunds';
import { Section, Timeline } from './detail-sections';
import { RefundDialog } from './refund-dialog';
import { amountText, lineText } from './refund-model';
import { ReceiveDialog, type Measures } from './refund-receive-dialog';
import { SendDialog } from './refund-send-dialog';
type Asked = { refund: RefundView; action: 'send' | 'receive' } | null;

const STATUS_CLASS: Record<RefundView['status'], string> = {
  granted: 'orders-badge',
  sending: 'orders-badge',
  sent: 'orders-badge refund-badge--sent',
  failed: 'orders-badge orders-badge--flag',
};

function RefundEntry({
  refund,
  measures,
  timeZone,
  canWrite,
  onAsk,
}: {
  refund: RefundView;
  measures: Measures;
  timeZone: string;
  canWrite: boolean;
  onAsk: (asked: Asked) => void;
}) {
  const measure = (itemId: string) => measures.get(itemId) ?? { kilogramsPerUnit: null };
  const received = refund.lines.filter((l) => l.receivedSellable !== null);
  return (
    <div className="payment-entry">
      <span>
        <strong>Reembolso de {formatBRL(refund.amountCents)}</strong>{' '}
        <span className={STATUS_CLASS[refund.status]}>{refund.statusLabel}</span>
      </span>
      <span className="console-muted">Volta por: {REFUND_RAIL_LABELS[refund.rail]}</span>
      {refund.lines.length > 0 && (
        <span>{refund.lines.map((l) => lineText(measure(l.itemId), l.quantity, l.name)).join('; ')}</span>
      )}
      <span className="console-muted">Motivo: {refund.reason}</span>
      {refund.status === 'failed' && refund.failure && (
        <span className="refund-failure">
          Falhou{refund.attempts > 1 ? ` (${refund.attempts} tentativas)` : ''}: {refund.failure}
        </span>
      )}
      {refund.status === 'sending' && (
        <span className="console-muted">Processando: o provedor ainda não respondeu.</span>
      )}
      {refund.sentAt && (
        <span className="console-muted">
          Enviado em {formatDateTime(refund.sentAt, timeZone)}
          {refund.sentBy ? ` por ${refund.sentBy}` : ''}
        </span>
      )}
      {refund.reference && (
        <span className="console-muted payment-entry__ref">Referência: {refund.reference}</span>
      )}
      {refund.returnReceivedAt ? (
        <span className="console-muted">
          Recebido no estoque em {formatDateTime(refund.returnReceivedAt, timeZone)}:{' '}
          {received
            .map(
              (l) =>
                `${l.name}: ${amountText(measure(l.itemId), l.receivedSellable ?? 0)} para venda, ${amountText(
                  measure(l.itemId),
                  l.receivedDamaged ?? 0,
                )} com defeito`,
            )
            .join('; ')}
        </span>
      ) : (
        refund.restock &&
        !refund.canReceive && (
          <span className="console-muted">
            Os itens voltam ao estoque ao receber a devolução, depois que o pedido for finalizado.
          </span>
        )
      )}
      {canWrite && (refund.canSend || refund.canReceive) && (
        <span className="payment-entry__actions">
          {refund.canSend && (
            <button
              type="button"
              className="button button--outline"
              onClick={() => onAsk({ refund, action: 'send' })}
            >
              {refund.status === 'granted' ? 'Enviar' : 'Tentar novamente'}
            </button>
          )}
          {refund.canReceive && (
            <button
              type="button"
              className="button button--outline"
              onClick={() => onAsk({ refund, action: 'receive' })}
            >
              Recebido no estoque
            </button>
          )}
        </span>
      )}
    </div>
  );
}

function RefundsBody({
  shop,
  order,
  view,
  canWrite,
}: {
  shop: string;
  order: OrderDetail;
  view: OrderRefunds;
  canWrite: boolean;
}) {
  const [refunding, setRefunding] = useState(false);
  const [asked, setAsked] = useState<Asked>(null);
  const measures: Measures = useMemo(() => new Map(view.lines.map((l) => [l.itemId, l])), [view.lines]);
  return (
    <>
      <dl className="order-totals order-money">
        <dt>Pago</dt>
        <dd>{formatBRL(view.paidCents)}</dd>
        <dt>Reembolsado</dt>
        <dd>{formatBRL(view.refundedCents)}</dd>
        {view.pendingCents > 0 && (
          <>
            <dt>Reembolso pendente</dt>
            <dd>{formatBRL(view.pendingCents)}</dd>
          </>
        )}
        <dt>Pode reembolsar</dt>
        <dd>
          <strong>{formatBRL(view.refundableCents)}</strong>
        </dd>
      </dl>
      {canWrite && view.refundableCents > 0 && (
        <button
          type="button"
          className="button button--outline console-danger order-money__record"
          onClick={() => setRefunding(true)}
        >
          Reembolsar
        </button>
      )}
      {view.refunds.length === 0 ? (
        <Empty>Nenhum reembolso neste pedido.</Empty>
      ) : (
        <Timeline
          timeZone={order.timeZone}
          entries={view.refunds.map((refund) => ({
            at: refund.grantedAt,
            note: `por ${refund.grantedBy}`,
            body: (
              <RefundEntry
                refund={refund}
                measures={measures}
                timeZone={order.timeZone}
                canWrite={canWrite}
                onAsk={setAsked}
              />
            ),
          }))}
        />
      )}
      <RefundDialog
        shop={shop}
        order={order}
        view={view}
        open={refunding}
        onClose={() => setRefunding(false)}
      />
      {asked?.action === 'send' && (
        <SendDialog shop={shop} orderId={order.id} refund={asked.refund} onClose={() => setAsked(null)} />
      )}
      {asked?.action === 'receive' && (
        <ReceiveDialog
          shop={shop}
          orderId={order.id}
          refund={asked.refund}
          measures={measures}
          onClose={() => setAsked(null)}
        />
      )}
    </>
  );
}

export function OrderRefundsSection({ shop, order }: { shop: string; order: OrderDetail }) {
  const refunds = useOrderRefunds(shop, order.id);
  const role = useMe().data?.shops.find((s) => s.slug === shop)?.role;
  const canWrite = role !== undefined && ROLE_RANK[role] >= ROLE_RANK.manager;
  return (
    <Section id="order-refunds" title="Reembolsos" className="order-refunds">
      {refunds.isPending ? (
        <Loading label="Carregando reembolsos…" />
      ) : refunds.isError ? (
        <LoadError error={refunds.error} onRetry={() => void refunds.refetch()} />
      ) : (
        <RefundsBody shop={shop} order={order} view={refunds.data} canWrite={canWrite} />
      )}
    </Section>
  );
}

/** Whether the order has money a refund could name (a placed order that was paid, or refunds already). */
export const hasRefundableMoney = (
  order: Pick<OrderDetail, 'paidCents' | 'refundedCents' | 'refundPendingCents'>,
) => order.paidCents > 0 || order.refundedCents > 0 || order.refundPendingCents > 0;
