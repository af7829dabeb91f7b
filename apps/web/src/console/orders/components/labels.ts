/** Short pt-BR texts of a board row shared by the table, the cards and the detail. */
import {
  BOARD_PAYMENT_STATUS_LABELS,
  ORDER_MISSING_LABELS,
  ORDER_STAGE_LABELS,
  orderStage,
  type OrderStage,
  PAYMENT_METHOD_LABELS,
  type BoardRow,
} from '@vitrine/contracts/console-orders';
import { formatWeight } from '@vitrine/contracts/format';
import { formatBRL } from '@vitrine/contracts/money';
import { formatDay } from '../../components/format-date';

/** Where the order is in the one lifecycle: 'Recebido', its fulfilment step, 'Finalizado'… (decision 0055). */
export const statusText = (row: BoardRow) => ORDER_STAGE_LABELS[orderStage(row)];

/** 'Reembolso pendente R$ 6,00' (granted, not sent yet), else 'Reembolsado R$ 45,90', else nothing. */
export const refundText = (row: Pick<BoardRow, 'refundedCents' | 'refundPendingCents'>) =>
  row.refundPendingCents > 0
    ? `Reembolso pendente ${formatBRL(row.refundPendingCents)}`
    : row.refundedCents > 0
      ? `Reembolsado ${formatBRL(row.refundedCents)}`
      : '';

export const paymentText = (row: BoardRow) =>
  [
    row.paymentMethod === null ? 'Forma a definir' : (PAYMENT_METHOD_LABELS[row.paymentMethod] ?? 'Outro'),
    BOARD_PAYMENT_STATUS_LABELS[row.paymentStatus],
    refundText(row),
  ]
    .filter(Boolean)
    .join(' · ');

/** 'Falta definir: loja, pagamento, horário' (issue 38), or '' when nothing is missing. */
export const missingText = (row: Pick<BoardRow, 'missing'>) =>
  row.missing.length ? `Falta definir: ${row.missing.map((m) => ORDER_MISSING_LABELS[m]).join(', ')}` : '';

export function logisticText(row: BoardRow) {
  if (!row.logistic) return 'A definir';
  const kind = row.logistic.kind === 'pickup' ? 'Retirada' : 'Entrega';
  const slot = row.slot ? ` · ${formatDay(row.slot.day)} ${row.slot.startTime}–${row.slot.endTime}` : '';
  return `${kind}: ${row.logistic.name}${slot}`;
}

/** What the order holds: its units and the weight of its kilo lines ('2 itens + 1,5 kg', spec §9). */
export function itemsText(row: Pick<BoardRow, 'unitCount' | 'weightKg'>): string {
  const count = row.unitCount;
  const units = `${count.toLocaleString('pt-BR', { maximumFractionDigits: 3 })} ${count === 1 ? 'item' : 'itens'}`;
  if (!row.weightKg) return units;
  return count ? `${units} + ${formatWeight(row.weightKg)}` : formatWeight(row.weightKg);
}

/** The stages an order goes through, as one line: its kind's last-mile step (delivery or pickup) only. */
export function lifecycleOf(row: BoardRow): OrderStage[] {
  const stage = orderStage(row);
  if (stage === 'canceled' || stage === 'error') return [stage];
  const lastMile = row.logistic?.kind === 'pickup' ? 'ready_for_pickup' : 'out_for_delivery';
  return ['received', 'separating', lastMile, 'delivered', 'finalized'];
}
