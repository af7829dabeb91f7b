import { OrderStatus } from '@vitrine/contracts/enums';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { saveOrderMove, updateOrderStatus, type OrderWrite } from './cart-repository.ts';
import type { OrderRow } from './repository.ts';

/** pt-BR names of the order statuses (error messages). */
export const ORDER_STATUS_NAMES: Record<OrderStatus, string> = {
  [OrderStatus.Creating]: 'Em criação',
  [OrderStatus.Received]: 'Recebido',
  [OrderStatus.Finalized]: 'Finalizado',
  [OrderStatus.Canceled]: 'Cancelado',
  [OrderStatus.Error]: 'Erro',
};

/** The one table of allowed order status changes (spec §3 Order status, §4 lifecycle). */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  [OrderStatus.Creating]: [OrderStatus.Received, OrderStatus.Canceled, OrderStatus.Error],
  [OrderStatus.Received]: [OrderStatus.Finalized, OrderStatus.Canceled, OrderStatus.Error],
  [OrderStatus.Error]: [OrderStatus.Creating, OrderStatus.Canceled],
  [OrderStatus.Finalized]: [],
  [OrderStatus.Canceled]: [],
};

const STATUSES = Object.values(OrderStatus);

/** The statuses the transitions table lets move to `to`. */
export function statusesInto(to: OrderStatus): OrderStatus[] {
  return STATUSES.filter((from) => ORDER_TRANSITIONS[from].includes(to));
}

/** Throws a 409 with the pt-BR reason unless `from → to` is in the transitions table. */
export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (!ORDER_TRANSITIONS[from].includes(to)) {
    throw new AppError('conflict', 'invalidStatusTransition', {
      from: ORDER_STATUS_NAMES[from],
      to: ORDER_STATUS_NAMES[to],
    });
  }
}

/**
 * The only way an order's status changes: to `to` from a status the transitions table allows (narrowed to
 * `from` when the caller acts on fewer), checked by the update itself (`status = any(allowed)`), in the
 * caller's transaction; with `write` (settleInto: a settled change), in the statement that writes the change.
 * Null when the order was not in an allowed status (nothing changed; with `write`, roll the transaction back).
 */
export async function tryTransitionOrder(
  tx: Queryable,
  orderId: string,
  to: OrderStatus,
  from: readonly OrderStatus[] = STATUSES,
  write?: OrderWrite,
): Promise<OrderRow | null> {
  const allowed = statusesInto(to).filter((status) => from.includes(status));
  return write ? saveOrderMove(tx, write, to, allowed) : updateOrderStatus(tx, orderId, to, allowed);
}

/** tryTransitionOrder, with 409 'Este pedido não pode mais ser alterado.' when the order was not in `from`. */
export async function transitionOrder(
  tx: Queryable,
  orderId: string,
  to: OrderStatus,
  from?: readonly OrderStatus[],
  write?: OrderWrite,
): Promise<OrderRow> {
  const moved = await tryTransitionOrder(tx, orderId, to, from, write);
  if (!moved) throw new AppError('conflict', 'orderNotEditable');
  return moved;
}
