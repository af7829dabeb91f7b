/** The read-only parts of an order's detail: lines as charged, customer, delivery, messages, history. */
import type { OrderDetail } from '@vitrine/contracts/console-orders';
import {
  formatPhone,
  kiloPriceCents,
  lineQuantityText,
  telLink,
  whatsAppLink,
} from '@vitrine/contracts/format';
import { formatBRL } from '@vitrine/contracts/money';
import { Fragment, type ReactNode } from 'react';
import { formatDateTime, formatDay } from '../../components/format-date';
import { Empty } from '../../components/page-state';
import { orderTotalsLines } from './totals-model';

const MESSAGE_STATUS_LABELS: Record<string, string> = {
  pending: 'na fila',
  sending: 'enviando',
  sent: 'enviada',
  failed: 'falhou',
};
/** What WhatsApp reported after the send (status webhooks). */
const DELIVERY_LABELS: Record<string, string> = {
  sent: 'enviada',
  delivered: 'entregue',
  read: 'lida',
  failed: 'não entregue',
};

function messageNote(message: OrderDetail['messages'][number]): string {
  const delivery = message.delivery;
  if (!delivery) return MESSAGE_STATUS_LABELS[message.status] ?? message.status;
  const label = DELIVERY_LABELS[delivery.status] ?? delivery.status;
  return delivery.error ? `${label} (${delivery.error})` : label;
}

/** A card of the detail with its heading (the section is named by it). */
export function Section({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={`console-card${className ? ` ${className}` : ''}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="console-subtitle">
        {title}
      </h2>
      {children}
    </section>
  );
}

export type DatedEntry = { at: string; note?: string; body: ReactNode };

/** Dated entries, oldest first as given: the time (and a note after it), then the entry. */
export function Timeline({ entries, timeZone }: { entries: DatedEntry[]; timeZone: string }) {
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

type Line = OrderDetail['lines'][number];

/** A line's unit price as charged: per kg for a kilo line ('R$ 12,90/kg'), else per unit ('R$ 6,45 un.'). */
function unitPriceText(line: Line, cents: number): string {
  const perKg = kiloPriceCents(cents, line);
  return perKg === null ? `${formatBRL(cents)} un.` : `${formatBRL(perKg)}/kg`;
}

/** One line: quantity (a kilo line's weight, spec §9) and name, its SKU; the unit price and the line's total. */
function OrderLine({ line }: { line: Line }) {
  const promo = line.promotionalPriceCents;
  return (
    <li className="order-line">
      <div className="order-line__what">
        <p className="order-line__name">
          <strong className="order-line__quantity">
            {lineQuantityText(line)}
            {line.soldInKilo ? ' de' : ' ×'}
          </strong>{' '}
          {line.name}
          {line.isGift && <span className="orders-badge">Brinde</span>}
        </p>
        <p className="console-muted order-line__sku">SKU {line.sku}</p>
      </div>
      <p className="order-line__price">
        <span className="order-line__unit">
          {promo !== null && (
            <>
              <s className="console-muted">
                <span className="visually-hidden">De </span>
                {unitPriceText(line, line.unitPriceCents)}
              </s>{' '}
              <span className="visually-hidden">por </span>
            </>
          )}
          {unitPriceText(line, promo ?? line.unitPriceCents)}
        </span>
        <strong className="order-line__total">
          <span className="visually-hidden">Total do item: </span>
          {formatBRL(line.totalCents)}
        </strong>
      </p>
    </li>
  );
}

export function OrderLines({ order }: { order: OrderDetail }) {
  return (
    <Section id="order-lines" title="Itens" className="order-items">
      <ul className="console-list order-lines">
        {order.lines.map((line, index) => (
          <OrderLine key={`${line.sku}-${index}`} line={line} />
        ))}
      </ul>
      <dl className="order-totals">
        {orderTotalsLines(order).map((line) => (
          <Fragment key={line.label}>
            <dt>{line.label}</dt>
            <dd>{line.total ? <strong>{formatBRL(line.cents)}</strong> : formatBRL(line.cents)}</dd>
          </Fragment>
        ))}
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

/** An e-mail that wraps after its '@' and dots, never mid-word (issue 38). */
function breakableEmail(email: string): ReactNode {
  return email.split(/(?<=[@.])/).map((part, index) => (
    <span key={index}>
      {index > 0 && <wbr />}
      {part}
    </span>
  ));
}

export function OrderCustomer({ order }: { order: OrderDetail }) {
  const { customerData: c } = order;
  return (
    <Section id="order-customer" title="Cliente">
      <dl className="order-facts">
        <Line label="Nome" value={c.name} />
        {c.phone && (
          <>
            <dt>Telefone</dt>
            <dd className="order-facts__phone">
              <a href={whatsAppLink(c.phone)} target="_blank" rel="noreferrer">
                {formatPhone(c.phone)}
                <span className="console-visually-hidden"> no WhatsApp</span>
              </a>{' '}
              · <a href={telLink(c.phone)}>Ligar</a>
            </dd>
          </>
        )}
        {c.email && (
          <>
            <dt>E-mail</dt>
            <dd className="order-facts__email">{breakableEmail(c.email)}</dd>
          </>
        )}
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
        <Line label="Loja" value={order.seller} />
        <Line label="Motivo do cancelamento" value={order.cancelReason} />
        <Line
          label="Reembolso"
          value={order.refundDecision && (order.refundDecision === 'refund' ? 'Reembolsar' : 'Sem reembolso')}
        />
      </dl>
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
            note: messageNote(message),
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
