/** Columns of the orders board (TanStack Table); under 640 px each row is drawn as a labelled card. */
import { Link } from 'wouter';
import { createColumnHelper, tableFeatures } from '@tanstack/react-table';
import { BOARD_CHANNEL_LABELS, type BoardRow } from '@vitrine/contracts/console-orders';
import { formatPhone } from '@vitrine/contracts/format';
import { formatBRL } from '@vitrine/contracts/money';
import { formatDateTime } from './format-date';
import { itemsText, logisticText, paymentText, statusText } from './order-labels';

export const ordersTableFeatures = tableFeatures({});
const column = createColumnHelper<typeof ordersTableFeatures, BoardRow>();

export type OrdersColumnsContext = {
  /** The detail's address for an order (keeps the board's filters for the way back). */
  hrefOf: (row: BoardRow) => string;
  timeZone: string;
  fresh: ReadonlySet<string>;
};

export function ordersColumns({ hrefOf, timeZone, fresh }: OrdersColumnsContext) {
  return column.columns([
    column.accessor('number', {
      header: 'Pedido',
      cell: (info) => (
        <span className="orders-number">
          <Link href={hrefOf(info.row.original)}>nº {info.getValue()}</Link>
          {fresh.has(info.row.original.id) && <span className="orders-new">novo</span>}
          <span className="orders-status">{statusText(info.row.original)}</span>
        </span>
      ),
    }),
    column.accessor('placedAt', {
      header: 'Quando',
      cell: (info) => formatDateTime(info.getValue(), timeZone),
    }),
    column.accessor(
      (row) => row.customer.name ?? (row.customer.phone && formatPhone(row.customer.phone)) ?? '—',
      {
        id: 'customer',
        header: 'Cliente',
      },
    ),
    column.accessor('channel', { header: 'Canal', cell: (info) => BOARD_CHANNEL_LABELS[info.getValue()] }),
    column.accessor('itemCount', { header: 'Itens', cell: (info) => itemsText(info.getValue()) }),
    column.accessor('totalCents', {
      header: 'Total',
      cell: (info) => <strong>{formatBRL(info.getValue())}</strong>,
    }),
    column.accessor(paymentText, { id: 'payment', header: 'Pagamento' }),
    column.accessor(logisticText, { id: 'logistic', header: 'Entrega' }),
    column.accessor((row) => row.seller ?? '—', { id: 'seller', header: 'Vendedor' }),
  ]);
}
