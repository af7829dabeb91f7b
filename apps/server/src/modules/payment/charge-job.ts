/**
 * The charge of a boleto or gateway Pix order an agent confirmed, sent to the contact (the `payment.charge` job,
 * queued once per order by agent confirmation — payment-message.ts queueOrderPayment — and run by the outbox
 * worker after commit, never inside the confirmation's transaction; docs/decisions/0010-payments.md, addenda):
 * the charge is created (our payment id is the gateway's idempotency key, a retry reuses the Waiting payment),
 * then the contact's payment message is queued with it (dedupe `payment:{orderId}:{paymentId}`). A crash between
 * the two re-runs the job: the charge is found with its provider id and only the message is queued.
 */
import { OrderStatus, PaymentMethod, PaymentStatus } from '@vitrine/contracts/enums';
import type { Charge } from '@vitrine/contracts/payment';
import { findShopOrder, lockOrder, type OrderRow } from '../order/service.ts';
import type { SessionContext } from '../session/service.ts';
import { stockRefusalOf } from '../stock/service.ts';
import type { JobHandlers } from '../outbox/service.ts';
import { chargeOrder } from './charge.ts';
import type { PaymentContext } from './context.ts';
import { orderDueCents } from './ledger.ts';
import { CHARGE_JOB, enqueuePaymentMessage, type ChargeJob } from './payment-message.ts';
import { conversationOf } from './settle.ts';

/** Received, or paid and then edited to a higher total (issue 34: the job charges the difference). */
const awaitsPayment = (status: number) => status === OrderStatus.Received || status === OrderStatus.Finalized;

/** Runs a charge job; answers the payment id ('skipped' when the order no longer waits for this charge). */
async function runCharge(ctx: PaymentContext, job: ChargeJob): Promise<string> {
  const order = await findShopOrder(ctx.db, job.shopId, job.orderId);
  const method = order?.checkout.paymentMethod;
  if (
    !order ||
    !awaitsPayment(order.status) ||
    (method !== PaymentMethod.Pix && method !== PaymentMethod.Boleto)
  )
    return 'skipped';
  if ((await orderDueCents(ctx.db, order)) <= 0) return 'skipped';
  const charge = await chargeAndSend(ctx, order, conversationOf(order, job.channelId));
  return charge?.paymentId ?? 'skipped';
}

/**
 * The Pix or boleto charge of `order` (made, or the Waiting one answered again) and, while it waits, its payment
 * message to `conversation` once (dedupe `payment:{orderId}:{paymentId}`); null when the stock it would hold again
 * went meanwhile (decision 0044: no charge, no message). The charge job and the contact's own choice of Pix or
 * boleto on their placed order (decision 0062) both come here.
 */
export async function chargeAndSend(
  ctx: PaymentContext,
  order: OrderRow,
  conversation: SessionContext,
): Promise<Charge | null> {
  const charge = await chargeOrder(ctx, order, conversation).catch((error: unknown) => {
    if (stockRefusalOf(error)) return null;
    throw error;
  });
  if (!charge || charge.status !== PaymentStatus.Waiting) return charge;
  await ctx.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.shop_id, order.id);
    if (locked && awaitsPayment(locked.status)) await enqueuePaymentMessage(tx, locked, conversation, charge);
  });
  return charge;
}

/** The outbox worker's handler of the charge job (server.ts). */
export function paymentChargeJobs(ctx: PaymentContext): JobHandlers {
  return { [CHARGE_JOB]: (job) => runCharge(ctx, job as ChargeJob) };
}
