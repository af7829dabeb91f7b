/**
 * A payment's status change and its effect on the order, in one transaction: the payment moves once (modules/
 * payment/repository.ts), and when it became Paid its money joins the order's ledger (decision 0046); the order
 * that becomes fully paid goes Received → Finalized once with 'order.paid' and 'Pagamento confirmado' queued
 * (modules/payment/money-in.ts). Also the expiry of overdue Waiting charges (on read and by a periodic sweep).
 */
import { PaymentMethod, PaymentStatus } from '@vitrine/contracts/enums';
import type { Db, Queryable } from '../../db/client.ts';
import { lockOrder } from '../order/service.ts';
import type { SessionContext } from '../session/service.ts';
import { orderDueCents } from './ledger.ts';
import { addMoneyIn } from './money-in.ts';
import {
  applyPaymentUpdate,
  findOverdue,
  findPayment,
  type Applied,
  type PaymentRow,
  type PaymentUpdate,
} from './repository.ts';

export { conversationOf } from './money-in.ts';

/**
 * Locks the payment's order row. Lock order everywhere: the order row first, then payment rows (opening a
 * payment does the same), so concurrent attempts, webhooks and sweeps never deadlock. Call it before any write
 * to the payment in a transaction.
 */
export async function lockPaymentOrder(tx: Queryable, paymentId: string): Promise<void> {
  const payment = await findPayment(tx, paymentId);
  if (payment) await lockOrder(tx, payment.shop_id, payment.order_id);
}

/**
 * Applies `update` inside `tx` under the order's and then the payment's row lock; a new Paid adds the charge to
 * the order's ledger (a card plan's interest is not the order's money: at most what was left to pay counts).
 */
export async function settlePayment(
  tx: Queryable,
  paymentId: string,
  update: PaymentUpdate,
  session: SessionContext | null,
): Promise<Applied> {
  const payment = await findPayment(tx, paymentId);
  const order = payment && (await lockOrder(tx, payment.shop_id, payment.order_id));
  const applied = await applyPaymentUpdate(tx, paymentId, update);
  if (order && applied.moved && applied.payment.status === PaymentStatus.Paid) {
    const paid = applied.payment;
    const due = await orderDueCents(tx, order);
    await addMoneyIn(
      tx,
      order,
      ledgerRowOfCharge(paid, due > 0 ? due : order.total_cents),
      () => paidByCharge(paid),
      session,
    );
  }
  return applied;
}

/**
 * The ledger row of a charge that became Paid: a card's plan may add interest, which is not the order's money —
 * at most what was left to pay counts (`dueCents`; the total when nothing was, an overpayment).
 */
function ledgerRowOfCharge(payment: PaymentRow, dueCents: number) {
  const card = payment.method === PaymentMethod.CreditCard;
  return {
    shop_id: payment.shop_id,
    order_id: payment.order_id,
    kind: 'received' as const,
    amount_cents: card ? Math.min(payment.amount_cents, dueCents) : payment.amount_cents,
    source: 'gateway' as const,
    method: payment.method,
    payment_id: payment.id,
    received_at: new Date(),
  };
}

const paidByCharge = (payment: PaymentRow) => ({
  id: payment.id,
  method: payment.method,
  installments: payment.installments,
});

/** Marks a Waiting charge Expired in `tx` (its expiry passed on the caller's clock); the release follows (0044). */
export async function expireCharge(tx: Queryable, paymentId: string): Promise<boolean> {
  const applied = await settlePayment(tx, paymentId, { status: 'expired', source: 'sweep' }, null);
  return applied.moved;
}

/** Marks Waiting charges past their expiry Expired (of one order, or a batch of all); returns how many. */
export async function expireOverdue(db: Db, orderId: string | null = null): Promise<number> {
  let expired = 0;
  for (const id of await findOverdue(db, orderId)) {
    const applied = await db.transaction((tx) => expireCharge(tx, id));
    if (applied) expired += 1;
  }
  return expired;
}
