/** The read-only parts of an order's detail: lines as charged, customer, delivery, payments, messages, history. */
import { PAYMENT_METHOD_LABELS, type OrderDetail } from '@vitrine/contracts/console-orders';
import { formatPhone } from '@vitrine/contracts/format';
import { formatBRL } from '@vitrine/contracts/money';
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

export function OrderLines({ order }: { order: OrderDetail }) {
  return (
    <section className="console-card" aria-labelledby="order-lines-title">
      <h2 id="order-lines-title" className="console-subtitle">
        Itens
      </h2>
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
    </section>
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
    <section className="console-card" aria-labelledby="order-customer-title">
      <h2 id="order-customer-title" className="console-subtitle">
        Cliente
      </h2>
      <dl className="order-facts">
        <Line label="Nome" value={c.name} />
        <Line label="Telefone" value={c.phone && formatPhone(c.phone)} />
        <Line label="E-mail" value={c.email} />
        <Line label="CPF" value={c.document} />
        <Line label="Empresa" value={c.company?.name ?? null} />
        <Line label="Nome fantasia" value={c.company?.tradeName ?? null} />
        <Line label="CNPJ" value={c.company?.document ?? null} />
      </dl>
    </section>
  );
}

export function OrderDelivery({ order }: { order: OrderDetail }) {
  const slot = order.slot;
  return (
    <section className="console-card" aria-labelledby="order-delivery-title">
      <h2 id="order-delivery-title" className="console-subtitle">
        Entrega
      </h2>
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
    </section>
  );
}

export function OrderPayments({ order, timeZone }: { order: OrderDetail; timeZone: string }) {
  return (
    <section className="console-card" aria-labelledby="order-payments-title">
      <h2 id="order-payments-title" className="console-subtitle">
        Pagamento
      </h2>
      {order.payments.length === 0 ? (
        <Empty>
          {order.paymentMethod === null
            ? 'Nenhum pagamento registrado.'
            : `${PAYMENT_METHOD_LABELS[order.paymentMethod] ?? 'Outro'}: sem pagamento online.`}
        </Empty>
      ) : (
        <ol className="console-timeline">
          {order.payments.map((event, index) => (
            <li key={index} className="console-timeline__item">
              <time dateTime={event.at} className="console-muted">
                {formatDateTime(event.at, timeZone)}
              </time>
              <span>
                <strong>{PAYMENT_EVENT_LABELS[event.kind] ?? event.kind}</strong> ·{' '}
                {PAYMENT_METHOD_LABELS[event.method] ?? 'Outro'} · {formatBRL(event.amountCents)}
                <span className="console-muted"> ({SOURCE_LABELS[event.source] ?? event.source})</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function OrderMessages({ order, timeZone }: { order: OrderDetail; timeZone: string }) {
  return (
    <section className="console-card" aria-labelledby="order-messages-title">
      <h2 id="order-messages-title" className="console-subtitle">
        Mensagens ao cliente
      </h2>
      {order.messages.length === 0 ? (
        <Empty>Nenhuma mensagem enviada para este pedido.</Empty>
      ) : (
        <ol className="console-timeline">
          {order.messages.map((message, index) => (
            <li key={index} className="console-timeline__item">
              <time dateTime={message.at} className="console-muted">
                {formatDateTime(message.at, timeZone)} ·{' '}
                {MESSAGE_STATUS_LABELS[message.status] ?? message.status}
              </time>
              <span className="console-mail__text">{message.text}</span>
            </li>
          ))}
        </ol>
      )}
      {order.history.length > 0 && (
        <>
          <h3 className="console-subtitle">Histórico</h3>
          <ol className="console-timeline">
            {order.history.map((entry, index) => (
              <li key={index} className="console-timeline__item">
                <time dateTime={entry.at} className="console-muted">
                  {formatDateTime(entry.at, timeZone)}
                </time>
                <span>
                  <strong>{entry.actor}</strong>: {entry.action}
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
