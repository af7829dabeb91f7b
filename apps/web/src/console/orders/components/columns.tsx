/** Columns of the orders board (TanStack Table); under 640 px each row is drawn as a labelled card. */
import { Link } from 'wouter';
import { createColumnHelper, tableFeatures } from '@tanstack/react-table';
import { channelText, type BoardRow } from '@vitrine/contracts/console-orders';
import { formatPhone } from '@vitrine/contracts/format';
import { formatBRL } from '@vitrine/contracts/money';
import { formatDateTime } from '../../components/format-date';
import { itemsText, logisticText, missingText, paymentText, statusText } from './labels';

export const ordersTableFeatures = tableFeatures({});
const column = createColumnHelper<typeof ordersTableFeatures, BoardRow>();

export type OrdersColumnsContext = {
  /** The detail's address for an order (keeps the board's filters for the way back). */
  hrefOf: (row: BoardRow) => string;
  timeZone: string;
  fresh: ReadonlySet<string>;
  /** 'Registrar pagamento' of a row (absent when the caller may not record payments). */
  onRecordPayment?: ((row: BoardRow) => void) | undefined;
};

/** An order that can still take a payment by hand: not cancelled, something still due. */
export const payable = (row: BoardRow) => row.status !== 'canceled' && row.dueCents > 0;

export function ordersColumns({ hrefOf, timeZone, fresh, onRecordPayment }: OrdersColumnsContext) {
  const actions = onRecordPayment
    ? [
        column.display({
          id: 'actions',
          header: 'Ações',
          cell: (info) =>
            payable(info.row.original) ? (
              <button
                type="button"
                className="button button--outline orders-record"
                aria-label={`Registrar pagamento do pedido nº ${info.row.original.number}`}
                onClick={() => onRecordPayment(info.row.original)}
              >
                Registrar pagamento
              </button>
            ) : null,
        }),
      ]
    : [];
  return column.columns([
    column.accessor('number', {
      header: 'Pedido',
      cell: (info) => (
        <span className="orders-number">
          <Link href={hrefOf(info.row.original)}>nº {info.getValue()}</Link>
          {fresh.has(info.row.original.id) && <span className="orders-new">novo</span>}
          <span className="orders-status">{statusText(info.row.original)}</span>
          {info.row.original.missing.length > 0 && (
            <span className="orders-missing">{missingText(info.row.original)}</span>
          )}
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
    column.accessor(channelText, { id: 'channel', header: 'Canal' }),
    column.accessor(itemsText, { id: 'items', header: 'Itens' }),
    column.accessor('totalCents', {
      header: 'Total',
      cell: (info) => <strong>{formatBRL(info.getValue())}</strong>,
    }),
    column.accessor(paymentText, { id: 'payment', header: 'Pagamento' }),
    column.accessor(logisticText, { id: 'logistic', header: 'Entrega' }),
    column.accessor((row) => row.seller ?? '—', { id: 'seller', header: 'Loja' }),
    ...actions,
  ]);
}
