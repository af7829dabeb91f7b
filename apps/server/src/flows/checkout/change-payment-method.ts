/**
 * `GET /api/order/payment/update` (spec §7 "change payment method"): on the order being paid, the Waiting
 * charge is cancelled, the payment method and chosen plan are cleared and the chatbot hears
 * 'payment.change_requested', all in one transaction; the client then shows /change-payment. A charge the provider
 * knows is then cancelled there too, by a job (modules/payment/cancel.ts). Repeating it changes nothing more.
 */
import { OrderStatus } from '@vitrine/contracts/enums';
import type { Order } from '@vitrine/contracts/order';
import { AppError } from '../../lib/app-error.ts';
import { enqueueOrderEvent } from '../../modules/messaging/service.ts';
import {
  clearPaymentMethod,
  findOrderAwaitingPayment,
  lockOrder,
  confirmedOrderState,
  serializeOrder,
} from '../../modules/order/service.ts';
import { cancelWaitingCharge, deleteCardPlan, type PaymentContext } from '../../modules/payment/service.ts';
import type { SessionContext } from '../../modules/session/service.ts';

export async function changePaymentMethod(ctx: PaymentContext, session: SessionContext): Promise<Order> {
  const target = await findOrderAwaitingPayment(ctx.db, session.shopId, session.userId);
  if (!target) throw new AppError('notFound', 'paymentMethodNotFound');
  const order = await ctx.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, session.shopId, target.id);
    if (!locked || locked.status !== OrderStatus.Received)
      throw new AppError('notFound', 'paymentMethodNotFound');
    const hadCharge = await cancelWaitingCharge(tx, locked.id, session);
    if (!hadCharge && (locked.checkout.paymentMethod ?? null) === null) return locked;
    const cleared = await clearPaymentMethod(tx, locked.id);
    await deleteCardPlan(tx, locked.id);
    await enqueueOrderEvent(tx, 'payment.change_requested', cleared, session, {
      dedupeKey: `payment.change_requested:${cleared.id}:${cleared.version}`,
    });
    return cleared;
  });
  return serializeOrder(await confirmedOrderState(ctx.db, order));
}
