import { OrderStatus } from '@vitrine/contracts/enums';
import { AppError } from '../../lib/app-error.ts';

const NAMES: Record<OrderStatus, string> = {
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

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Throws a 409 with the pt-BR reason unless `from → to` is in the transitions table. */
export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (!canTransition(from, to)) {
    throw new AppError('conflict', 'invalidStatusTransition', { from: NAMES[from], to: NAMES[to] });
  }
}
