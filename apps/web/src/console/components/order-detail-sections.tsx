/** The read-only parts of an order's detail: lines as charged, customer, delivery, payments, messages, history. */
import { PAYMENT_METHOD_LABELS, type OrderDetail } from '@vitrine/contracts/console-orders';
import { formatPhone } from '@vitrine/contracts/format';
import { formatBRL } from '@vitrine/contracts/money';
import type { ReactNode } from 'react';
import { formatDateTime, formatDay } from './format-date';
import { Empty } from './page-state';

const PAYMENT_EVENT_LABELS: Record<string, string> = {
  authorized: 'Autorizado',
  paid: 'Pago',
  failed: 'Recusado',
  expired: 'Expirado',
  cancelled: 'Cancelado',
  refunded: 'Estornado',
};
const SOURCE_LABELS: Record<string, string> = {
  charge: 'cobrança',
  webhook: 'aviso do gateway',
  reconcile: 'conferência',
  sweep: 'prazo vencido',
  client: 'cliente',
};
const MESSAGE_STATUS_LABELS: Record<string, string> = {
  pending: 'na fila',
  sending: 'enviando',
  sent: 'enviada',
  failed: 'falhou',
};

/** A card of the detail with its heading (the section is named by it). */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="console-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="console-subtitle">
        {title}
      </h2>
      {children}
    </section>
  );
}

type TimelineEntry = { at: string; note?: string; body: ReactNode };

/** Dated entries, oldest first as given: the time (and a note after it), then the entry. */
function Timeline({ entries, timeZone }: { entries: TimelineEntry[]; timeZone: string }) {
  return (
    <ol className="console-timeline">
      {entries.map((entry, index) => (
        <li key={index} className="console-timeline__item">
          <time dateTime={entry.at} className="console-muted">
            {formatDateTime(entry.at, timeZone)}
            {entry.note && ` · ${entry.note}`}
          </time>
          {entry.body}
        </li>
      ))}
    </ol>
  );
}

export function OrderLines({ order }: { order: OrderDetail }) {
  return (
    <Section id="order-lines" title="Itens">
      <ul className="console-list order-lines">
        {order.lines.map((line, index) => (
          <li key={`${line.sku}-${index}`} className="order-line">
            <span>
              <strong>{line.quantity.toLocaleString('pt-BR')} × </strong>
              {line.name}
              {line.isGift && <span className="orders-badge">Brinde</span>}
              <span className="console-muted"> · {line.sku}</span>
            </span>
            <span className="order-line__price">
              {line.promotionalPriceCents !== null && (
                <s className="console-muted">{formatBRL(line.unitPriceCents)}</s>
              )}{' '}
              {formatBRL(line.promotionalPriceCents ?? line.unitPriceCents)} un. ·{' '}
              <strong>{formatBRL(line.totalCents)}</strong>
            </span>
          </li>
        ))}
      </ul>
      <dl className="order-totals">
        <dt>Produtos</dt>
        <dd>{formatBRL(order.itemsCents)}</dd>
        {order.discountCents !== 0 && (
          <>
            <dt>Desconto</dt>
            <dd>{formatBRL(-Math.abs(order.discountCents))}</dd>
          </>
        )}
        <dt>Total</dt>
        <dd>
          <strong>{formatBRL(order.totalCents)}</strong>
        </dd>
      </dl>
    </Section>
  );
}

function Line({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

export function OrderCustomer({ order }: { order: OrderDetail }) {
  const { customerData: c } = order;
  return (
    <Section id="order-customer" title="Cliente">
      <dl className="order-facts">
        <Line label="Nome" value={c.name} />
        <Line label="Telefone" value={c.phone && formatPhone(c.phone)} />
        <Line label="E-mail" value={c.email} />
        <Line label="CPF" value={c.document} />
        <Line label="Empresa" value={c.company?.name ?? null} />
        <Line label="Nome fantasia" value={c.company?.tradeName ?? null} />
        <Line label="CNPJ" value={c.company?.document ?? null} />
      </dl>
    </Section>
  );
}

export function OrderDelivery({ order }: { order: OrderDetail }) {
  const slot = order.slot;
  return (
    <Section id="order-delivery" title="Entrega">
      <dl className="order-facts">
        <Line
          label={order.logistic?.kind === 'pickup' ? 'Retirada' : 'Entrega'}
          value={order.logistic?.name ?? 'Não informada'}
        />
        <Line label="Endereço" value={order.address} />
        <Line
          label="Horário"
          value={slot ? `${formatDay(slot.day)}, ${slot.startTime}–${slot.endTime}` : null}
        />
        <Line label="Vendedor" value={order.seller} />
        <Line label="Motivo do cancelamento" value={order.cancelReason} />
        <Line
          label="Estorno"
          value={order.refundDecision && (order.refundDecision === 'refund' ? 'Estornar' : 'Sem estorno')}
        />
      </dl>
    </Section>
  );
}

export function OrderPayments({ order, timeZone }: { order: OrderDetail; timeZone: string }) {
  return (
    <Section id="order-payments" title="Pagamento">
      {order.payments.length === 0 ? (
        <Empty>
          {order.paymentMethod === null
            ? 'Nenhum pagamento registrado.'
            : `${PAYMENT_METHOD_LABELS[order.paymentMethod] ?? 'Outro'}: sem pagamento online.`}
        </Empty>
      ) : (
        <Timeline
          timeZone={timeZone}
          entries={order.payments.map((event) => ({
            at: event.at,
            body: (
              <span>
                <strong>{PAYMENT_EVENT_LABELS[event.kind] ?? event.kind}</strong> ·{' '}
                {PAYMENT_METHOD_LABELS[event.method] ?? 'Outro'} · {formatBRL(event.amountCents)}
                <span className="console-muted"> ({SOURCE_LABELS[event.source] ?? event.source})</span>
              </span>
            ),
          }))}
        />
      )}
    </Section>
  );
}

export function OrderMessages({ order, timeZone }: { order: OrderDetail; timeZone: string }) {
  return (
    <Section id="order-messages" title="Mensagens ao cliente">
      {order.messages.length === 0 ? (
        <Empty>Nenhuma mensagem enviada para este pedido.</Empty>
      ) : (
        <Timeline
          timeZone={timeZone}
          entries={order.messages.map((message) => ({
            at: message.at,
            note: MESSAGE_STATUS_LABELS[message.status] ?? message.status,
            body: <span className="console-mail__text">{message.text}</span>,
          }))}
        />
      )}
      {order.history.length > 0 && (
        <>
          <h3 className="console-subtitle">Histórico</h3>
          <Timeline
            timeZone={timeZone}
            entries={order.history.map((entry) => ({
              at: entry.at,
              body: (
                <span>
                  <strong>{entry.actor}</strong>: {entry.action}
                </span>
              ),
            }))}
          />
        </>
      )}
    </Section>
  );
}
