/**
 * What the shop's staff may do to a placed order (the orders board, docs/decisions/0022): the spec's status moves
 * through the one transitions table (status.ts), and the fulfilment steps beyond the spec's statuses through
 * FULFILMENT_MOVES. Each runs on the order row the caller locked (lockOrder) and answers the updated row.
 */
import { FULFILMENT_LABELS, type FulfilmentStep } from '@vitrine/contracts/console-orders';
import { LogisticType, OrderStatus } from '@vitrine/contracts/enums';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { setOrderActor, type OrderRow } from './repository.ts';
import { recordCancelDecision, updateFulfilment } from './staff-repository.ts';
import { assertTransition, ORDER_STATUS_NAMES, ORDER_TRANSITIONS, transitionOrder } from './status.ts';

export type StaffOrderRow = OrderRow & { number: number; fulfilment: FulfilmentStep | null };

/** The one table of fulfilment steps: from no step yet (`start`) or a step, the steps that may follow. */
export const FULFILMENT_MOVES: Record<FulfilmentStep | 'start', readonly FulfilmentStep[]> = {
  start: ['separating', 'out_for_delivery', 'ready_for_pickup'],
  separating: ['out_for_delivery', 'ready_for_pickup'],
  out_for_delivery: ['delivered'],
  ready_for_pickup: ['delivered'],
  delivered: [],
};
/** Fulfilment goes on while the order is placed or finalized; a canceled or failed order stops. */
const FULFILMENT_OPEN: readonly number[] = [OrderStatus.Received, OrderStatus.Finalized];

/** The fulfilment steps the order may take next (pickup orders are never out for delivery, and the reverse). */
export function nextFulfilmentSteps(order: StaffOrderRow): FulfilmentStep[] {
  if (!FULFILMENT_OPEN.includes(order.status)) return [];
  const type = order.checkout.logistic?.type;
  const excluded: FulfilmentStep | null =
    type === undefined ? null : type === LogisticType.StorePickUp ? 'out_for_delivery' : 'ready_for_pickup';
  return FULFILMENT_MOVES[order.fulfilment ?? 'start'].filter((step) => step !== excluded);
}

/** Moves the order to fulfilment `step`; 409 in pt-BR unless FULFILMENT_MOVES allows it now. */
export async function moveFulfilment(
  tx: Queryable,
  order: StaffOrderRow,
  step: FulfilmentStep,
): Promise<StaffOrderRow> {
  if (!FULFILMENT_OPEN.includes(order.status)) {
    const status = ORDER_STATUS_NAMES[order.status as OrderStatus].toLowerCase();
    throw new AppError('conflict', 'fulfilmentOrderClosed', { status });
  }
  if (!nextFulfilmentSteps(order).includes(step)) {
    throw new AppError('conflict', 'fulfilmentRefused', {
      from: order.fulfilment ? FULFILMENT_LABELS[order.fulfilment] : 'Recebido',
      to: FULFILMENT_LABELS[step],
    });
  }
  return updateFulfilment<StaffOrderRow>(tx, order.id, step);
}

/**
 * Received → Finalized by the staff, through transitionOrder (409 in pt-BR when the table refuses it): the order
 * is done, so its fulfilment ends at 'delivered' too (the one lifecycle, decision 0055). A delivered order is not
 * finalized by hand: it finishes itself when paid.
 */
export async function finalizeByStaff(tx: Queryable, order: StaffOrderRow): Promise<void> {
  assertTransition(order.status as OrderStatus, OrderStatus.Finalized);
  if (order.fulfilment === 'delivered') throw new AppError('conflict', 'finalizeDelivered');
  await setOrderActor(tx, 'staff');
  await transitionOrder(tx, order.id, OrderStatus.Finalized, [order.status as OrderStatus]);
  await updateFulfilment(tx, order.id, 'delivered');
}

/** → Canceled by the staff through transitionOrder, with its reason and refund decision (409 when refused). */
export async function cancelByStaff(
  tx: Queryable,
  order: StaffOrderRow,
  reason: string,
  refund: 'refund' | 'no_refund' | null,
): Promise<void> {
  assertTransition(order.status as OrderStatus, OrderStatus.Canceled);
  await setOrderActor(tx, 'staff');
  await transitionOrder(tx, order.id, OrderStatus.Canceled, [order.status as OrderStatus]);
  await recordCancelDecision(tx, order.id, reason, refund);
}

/** Whether the staff may finalize / cancel the order now (the board's buttons; a delivered order finishes itself). */
export const staffMoves = (order: { status: number; fulfilment?: FulfilmentStep | null }) => ({
  finalize:
    ORDER_TRANSITIONS[order.status as OrderStatus].includes(OrderStatus.Finalized) &&
    order.fulfilment !== 'delivered',
  cancel: ORDER_TRANSITIONS[order.status as OrderStatus].includes(OrderStatus.Canceled),
});
