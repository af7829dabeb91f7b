/** One order in detail: its state, the actions the staff may take, and everything recorded about it. */
import { useState } from 'react';
import { Link } from 'wouter';
import {
  channelText,
  ORDER_STAGE_LABELS,
  orderStage,
  type OrderDetail,
} from '@vitrine/contracts/console-orders';
import { useOrder } from '../api/orders';
import { formatDateTime } from '../../components/format-date';
import { OrderActions } from './actions';
import { OrderMissing } from './missing-note';
import { OrderOrigin } from './origin-note';
import { OrderCustomer, OrderDelivery, OrderLines, OrderMessages } from './detail-sections';
import { OrderEditSection } from './edit-section';
import { PackingSlip } from './packing-slip';
import { OrderPayments } from './payment-section';
import { hasRefundableMoney, OrderRefundsSection } from './refunds-section';
import { lifecycleOf, paymentText, statusText } from './labels';
import { LoadError, Loading } from '../../components/page-state';

export function OrderDetailPage({
  shop,
  orderId,
  backHref,
  live,
}: {
  shop: string;
  orderId: string;
  backHref: string;
  live: boolean;
}) {
  const order = useOrder(shop, orderId, !live);
  // 'Editar pedido' opens from its section and from 'Falta definir' › 'Completar pedido'.
  const [editing, setEditing] = useState(false);
  const back = (
    <Link href={backHref} className="order-back">
      ← Voltar aos pedidos
    </Link>
  );
  if (order.isPending)
    return (
      <>
        {back}
        <Loading label="Carregando pedido…" />
      </>
    );
  if (order.isError)
    return (
      <>
        {back}
        <LoadError error={order.error} onRetry={() => void order.refetch()} />
      </>
    );
  const o = order.data;
  const { timeZone } = o;
  return (
    <>
      {back}
      <div className="console-title-row">
        <h1 className="console-title">Pedido nº {o.number}</h1>
        <span className="orders-badge orders-badge--status">{statusText(o)}</span>
      </div>
      <OrderLifecycle order={o} />
      <p className="console-muted order-summary">
        {formatDateTime(o.placedAt, timeZone)} · {channelText(o)} · {paymentText(o)}
      </p>
      <OrderMissing
        shop={shop}
        order={o}
        onEdit={() => {
          // Not editable by the caller: the section below says why.
          document.getElementById('order-edits-title')?.scrollIntoView({ block: 'center' });
          setEditing(true);
        }}
      />
      <OrderOrigin order={o} />
      <OrderActions shop={shop} order={o} />
      <PackingSlip order={o} />
      <div className="order-grid">
        <OrderLines order={o} />
        <OrderCustomer order={o} />
        <OrderDelivery order={o} />
        {/* A method set by 'Completar pedido' starts the card afresh (no refusal left from before it). */}
        <OrderPayments key={o.paymentMethod ?? 'none'} shop={shop} order={o} />
        {hasRefundableMoney(o) && <OrderRefundsSection shop={shop} order={o} />}
        <OrderEditSection
          shop={shop}
          order={{ id: o.id, number: o.number, timeZone }}
          open={editing}
          onOpen={setEditing}
        />
      </div>
      <OrderMessages order={o} timeZone={timeZone} />
    </>
  );
}

/** The one lifecycle as a line of steps, the order's own marked (decision 0055). */
function OrderLifecycle({ order }: { order: OrderDetail }) {
  const stages = lifecycleOf(order);
  const current = stages.indexOf(orderStage(order));
  return (
    <ol className="order-stages" aria-label="Etapas do pedido">
      {stages.map((stage, index) => (
        <li
          key={stage}
          className={index < current ? 'is-done' : undefined}
          aria-current={index === current ? 'step' : undefined}
        >
          {ORDER_STAGE_LABELS[stage]}
        </li>
      ))}
    </ol>
  );
}
