/** One order in detail: its state, the actions the staff may take, and everything recorded about it. */
import { Link } from 'wouter';
import { BOARD_CHANNEL_LABELS } from '@vitrine/contracts/console-orders';
import { useOrder } from '../api/orders';
import { formatDateTime } from './format-date';
import { OrderActions } from './order-actions';
import {
  OrderCustomer,
  OrderDelivery,
  OrderLines,
  OrderMessages,
  OrderPayments,
} from './order-detail-sections';
import { paymentText, statusText } from './order-labels';
import { LoadError, Loading } from './page-state';

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
      <p className="console-muted order-summary">
        {formatDateTime(o.placedAt, timeZone)} · {BOARD_CHANNEL_LABELS[o.channel]} · {paymentText(o)}
      </p>
      <OrderActions shop={shop} order={o} />
      <div className="order-grid">
        <OrderLines order={o} />
        <OrderCustomer order={o} />
        <OrderDelivery order={o} />
        <OrderPayments order={o} timeZone={timeZone} />
      </div>
      <OrderMessages order={o} timeZone={timeZone} />
    </>
  );
}
