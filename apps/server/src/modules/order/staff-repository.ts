/** The order columns only the shop's staff write (migration 0021): fulfilment step, cancel reason, refund decision. */
import type { Queryable } from '../../db/client.ts';
import { setsActor, type OrderRow } from './repository.ts';

/** Sets the order's fulfilment step, by the staff (the caller checked FULFILMENT_MOVES under the row lock). */
export async function updateFulfilment<T extends OrderRow>(
  tx: Queryable,
  orderId: string,
  step: string,
): Promise<T> {
  const [row] = await tx.query<T>(
    `update orders set fulfilment = $2, fulfilment_at = now(), version = version + 1, updated_at = now()
      where id = $1 and ${setsActor(3)} returning *`,
    [orderId, step, 'staff'],
  );
  return row!;
}

/** Records why the staff canceled the order and what they decided about the refund. */
export async function recordCancelDecision(
  tx: Queryable,
  orderId: string,
  reason: string,
  refund: 'refund' | 'no_refund' | null,
): Promise<void> {
  await tx.query('update orders set cancel_reason = $2, refund_decision = $3 where id = $1', [
    orderId,
    reason,
    refund,
  ]);
}
