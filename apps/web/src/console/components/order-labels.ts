/** Short pt-BR texts of a board row shared by the table, the cards and the detail. */
import {
  BOARD_PAYMENT_STATUS_LABELS,
  BOARD_STATUS_LABELS,
  FULFILMENT_LABELS,
  PAYMENT_METHOD_LABELS,
  type BoardRow,
} from '@vitrine/contracts/console-orders';
import { formatDay } from './format-date';

/** 'Recebido' or, once it moved on, its fulfilment step ('Saiu para entrega'). */
export const statusText = (row: BoardRow) =>
  row.status === 'received' && row.fulfilment
    ? FULFILMENT_LABELS[row.fulfilment]
    : BOARD_STATUS_LABELS[row.status];

export const paymentText = (row: BoardRow) =>
  `${row.paymentMethod === null ? 'Forma a definir' : (PAYMENT_METHOD_LABELS[row.paymentMethod] ?? 'Outro')} · ${
    BOARD_PAYMENT_STATUS_LABELS[row.paymentStatus]
  }`;

export function logisticText(row: BoardRow) {
  if (!row.logistic) return 'A definir';
  const kind = row.logistic.kind === 'pickup' ? 'Retirada' : 'Entrega';
  const slot = row.slot ? ` · ${formatDay(row.slot.day)} ${row.slot.startTime}–${row.slot.endTime}` : '';
  return `${kind}: ${row.logistic.name}${slot}`;
}

export const itemsText = (count: number) =>
  `${count.toLocaleString('pt-BR', { maximumFractionDigits: 3 })} ${count === 1 ? 'item' : 'itens'}`;
