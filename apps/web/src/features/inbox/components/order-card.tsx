/**
 * WhatsApp's own order messages as the phone shows them (docs/decisions/0030): an `order_details` card with the
 * items, the totals and the payment button — "Copiar código Pix" / "Copiar linha digitável" put the code on the
 * clipboard, "Pagar" opens the link — and an `order_status` card with the new status.
 */
import { useState } from 'react';
import { formatBRL } from '@vitrine/contracts/money';
import type { OrderMessage } from '@vitrine/contracts/messaging';

type Details = Extract<OrderMessage, { kind: 'details' }>;

const STATUS_LABEL: Record<Extract<OrderMessage, { kind: 'status' }>['status'], string> = {
  pending: 'Pendente',
  processing: 'Em preparação',
  partially_shipped: 'Enviado em partes',
  shipped: 'Enviado',
  completed: 'Concluído',
  canceled: 'Cancelado',
};

function CopyButton({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <>
      <button type="button" className="inbox-order__action" onClick={copy}>
        {label}
      </button>
      <span className="inbox-order__copied" role="status">
        {copied ? 'Copiado!' : ''}
      </span>
    </>
  );
}

function PaymentAction({ payment }: { payment: Details['payment'] }) {
  switch (payment.type) {
    case 'pix':
      return <CopyButton label="Copiar código Pix" value={payment.code} />;
    case 'boleto':
      return <CopyButton label="Copiar linha digitável" value={payment.line} />;
    case 'link':
      return (
        <a className="inbox-order__action" href={payment.url} target="_blank" rel="noreferrer">
          Pagar
        </a>
      );
  }
}

function DetailsCard({ order }: { order: Details }) {
  const count = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const rows: [string, number][] = [
    ['Subtotal', order.subtotalCents],
    ...(order.shippingCents > 0 ? [['Entrega e taxas', order.shippingCents] as [string, number]] : []),
    ...(order.discountCents > 0 ? [['Descontos', -order.discountCents] as [string, number]] : []),
  ];
  return (
    <div className="inbox-order" role="group" aria-label="Pedido do WhatsApp">
      <p className="inbox-order__title">
        Pedido · {count} {count === 1 ? 'item' : 'itens'}
      </p>
      <ul className="inbox-order__items">
        {order.items.map((item) => (
          <li key={item.retailerId + item.name}>
            <span>
              {item.quantity} × {item.name}
            </span>
            <span>{formatBRL(item.amountCents * item.quantity)}</span>
          </li>
        ))}
      </ul>
      <dl className="inbox-order__totals">
        {rows.map(([label, cents]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{cents < 0 ? `− ${formatBRL(-cents)}` : formatBRL(cents)}</dd>
          </div>
        ))}
        <div className="inbox-order__total">
          <dt>Total</dt>
          <dd>{formatBRL(order.totalCents)}</dd>
        </div>
      </dl>
      <PaymentAction payment={order.payment} />
    </div>
  );
}

export function OrderCard({ order }: { order: OrderMessage }) {
  if (order.kind === 'details') return <DetailsCard order={order} />;
  return (
    <div className="inbox-order" role="group" aria-label="Atualização do pedido">
      <p className="inbox-order__title">Status do pedido: {STATUS_LABEL[order.status]}</p>
    </div>
  );
}
