/**
 * The charge of a boleto or gateway Pix order an agent confirmed, sent to the contact (the `payment.charge` job,
 * queued once per order by agent confirmation and run by the outbox worker after commit — never inside the
 * confirmation's transaction; docs/decisions/0010-payments.md, addenda): the payment module creates the charge
 * (our payment id is the gateway's idempotency key, a retry reuses the Waiting payment), then the contact's
 * payment message is queued with it (dedupe `payment:{orderId}:{paymentId}`). A crash between the two re-runs
 * the job: the charge is found with its provider id and only the message is queued.
 */
import { OrderStatus, PaymentMethod, PaymentStatus } from '@vitrine/contracts/enums';
import type { ShopSettings } from '@vitrine/contracts/shop';
import type { Queryable } from '../db/client.ts';
import { findShopOrder, lockOrder, type OrderRow } from '../modules/order/repository.ts';
import { enqueueJob } from '../modules/outbox/enqueue.ts';
import type { JobHandlers } from '../modules/outbox/worker.ts';
import { chargeOrder, conversationOf, type PaymentContext } from '../modules/payment/service.ts';
import type { SessionContext } from '../modules/session/service.ts';
import { enqueuePaymentMessage } from './send-payment.ts';

export const CHARGE_JOB = 'payment.charge';

type ChargeJob = { shopId: string; orderId: string; channelId: string };

/** Methods whose instructions only a gateway charge gives (Pix only when the shop uses its gateway for it). */
function needsGatewayCharge(order: OrderRow, settings: ShopSettings): boolean {
  const method = order.checkout.paymentMethod;
  return (
    method === PaymentMethod.Boleto || (method === PaymentMethod.Pix && settings.payment.usingExternalGateway)
  );
}

/**
 * In the confirmation's transaction: queues the charge job of a boleto or gateway Pix order confirmed in the
 * session's conversation (no-op for other methods or without a contact conversation).
 */
export async function enqueueChargeJob(
  tx: Queryable,
  order: OrderRow,
  session: SessionContext,
  settings: ShopSettings,
): Promise<void> {
  if (!needsGatewayCharge(order, settings) || !session.contactId || !session.channelId) return;
  const job: ChargeJob = { shopId: order.shop_id, orderId: order.id, channelId: session.channelId };
  await enqueueJob(tx, order.shop_id, CHARGE_JOB, job, `${CHARGE_JOB}:${order.id}`, order.id);
}

/** Runs a charge job; answers the payment id ('skipped' when the order no longer waits for this charge). */
async function runCharge(ctx: PaymentContext, job: ChargeJob): Promise<string> {
  const order = await findShopOrder(ctx.db, job.shopId, job.orderId);
  const method = order?.checkout.paymentMethod;
  if (
    order?.status !== OrderStatus.Received ||
    (method !== PaymentMethod.Pix && method !== PaymentMethod.Boleto)
  )
    return 'skipped';
  const conversation = conversationOf(order, job.channelId);
  const charge = await chargeOrder(ctx, order, conversation);
  if (charge.status !== PaymentStatus.Waiting) return charge.paymentId;
  await ctx.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.shop_id, order.id);
    if (locked?.status === OrderStatus.Received)
      await enqueuePaymentMessage(tx, locked, conversation, charge);
  });
  return charge.paymentId;
}

/** The outbox worker's handler of the charge job (server.ts). */
export function paymentChargeJobs(ctx: PaymentContext): JobHandlers {
  return { [CHARGE_JOB]: (job) => runCharge(ctx, job as ChargeJob) };
}
