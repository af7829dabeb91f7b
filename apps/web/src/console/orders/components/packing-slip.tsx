/**
 * The order's packing slip (issue 38 item 10): what to separate — each line with its weight or count, a box to
 * tick — and where it goes (delivery or pickup, address, slot, the customer and phone), with a blank 'Observações'
 * box for notes by hand. 'Imprimir separação' prints it alone on an A4 page or an 80 mm thermal roll
 * (packing-slip.css: named print pages); on screen it is not shown.
 */
import { useEffect, useState } from 'react';
import type { OrderDetail } from '@vitrine/contracts/console-orders';
import { formatPhone, lineQuantityText } from '@vitrine/contracts/format';
import { formatBRL } from '@vitrine/contracts/money';
import { formatDateTime, formatDay } from '../../components/format-date';
import { paymentText } from './labels';
import './packing-slip.css';

type Paper = 'a4' | 'thermal';

function Slip({ order, paper }: { order: OrderDetail; paper: Paper }) {
  const c = order.customerData;
  const slot = order.slot;
  return (
    <article
      className={`packing-slip packing-slip--${paper}`}
      aria-label={`Separação do pedido nº ${order.number}`}
    >
      <h2 className="packing-slip__title">Pedido nº {order.number}</h2>
      <p>{formatDateTime(order.placedAt, order.timeZone)}</p>
      <dl className="packing-slip__facts">
        <dt>Cliente</dt>
        <dd>
          {c.name ?? 'Sem nome'}
          {c.phone && ` · ${formatPhone(c.phone)}`}
        </dd>
        <dt>{order.logistic?.kind === 'pickup' ? 'Retirada' : 'Entrega'}</dt>
        <dd>{order.logistic?.name ?? 'Não informada'}</dd>
        {order.address && (
          <>
            <dt>Endereço</dt>
            <dd>{order.address}</dd>
          </>
        )}
        {slot && (
          <>
            <dt>Horário</dt>
            <dd>
              {formatDay(slot.day)}, {slot.startTime}–{slot.endTime}
            </dd>
          </>
        )}
        <dt>Pagamento</dt>
        <dd>
          {paymentText(order)} · Total {formatBRL(order.totalCents)}
        </dd>
      </dl>
      <h3 className="packing-slip__heading">Itens</h3>
      <ul className="packing-slip__lines">
        {order.lines.map((line, index) => (
          <li key={`${line.sku}-${index}`}>
            <span className="packing-slip__box" aria-hidden="true" />
            <span>
              <strong>
                {lineQuantityText(line)}
                {line.soldInKilo ? ' de' : ' ×'}
              </strong>{' '}
              {line.name}
              {line.isGift && ' (brinde)'}
              <small className="packing-slip__sku"> SKU {line.sku}</small>
            </span>
          </li>
        ))}
      </ul>
      <h3 className="packing-slip__heading">Observações</h3>
      <div className="packing-slip__notes" />
    </article>
  );
}

export function PackingSlip({ order }: { order: OrderDetail }) {
  const [paper, setPaper] = useState<Paper | null>(null);
  useEffect(() => {
    if (!paper) return;
    const done = () => setPaper(null);
    window.addEventListener('afterprint', done);
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [paper]);
  return (
    <>
      <div className="console-actions packing-slip-actions">
        <button type="button" className="button button--outline" onClick={() => setPaper('a4')}>
          Imprimir separação (A4)
        </button>
        <button type="button" className="button button--outline" onClick={() => setPaper('thermal')}>
          Imprimir separação (80 mm)
        </button>
      </div>
      {paper && <Slip order={order} paper={paper} />}
    </>
  );
}
