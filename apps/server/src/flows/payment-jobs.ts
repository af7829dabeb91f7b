/**
 * Gateway calls that follow a committed change, run by the outbox worker as jobs (docs/decisions/0010-payments.md,
 * addenda) — never inside the transaction of the change:
 * - `payment.charge`, queued by agent confirmation of a boleto or gateway Pix order (once per order): creates the
 *   charge through chargeOrder (our payment id is the gateway's idempotency key, a retry reuses the Waiting
 *   payment) and queues the contact's payment message with it (dedupe `payment:{orderId}:{paymentId}`). A crash
 *   between the two re-runs the job: the charge is found with its provider id and only the message is queued.
 * - `payment.cancel`, queued when a change of method cancels a Waiting charge the provider knows: cancels it there.
 */
import { OrderStatus, PaymentMethod, PaymentStatus } from '@vitrine/contracts/enums';
import type { ShopSettings } from '@vitrine/contracts/shop';
import type { Queryable } from '../db/client.ts';
import { GatewayError } from '../adapters/payments/gateway.ts';
import { GATEWAY_OF_ACCOUNT } from '../adapters/payments/registry.ts';
import { findShopOrder, lockOrder } from '../modules/order/repository.ts';
import type { OrderRow } from '../modules/order/repository.ts';
import { enqueueJob } from '../modules/outbox/enqueue.ts';
import type { JobHandlers } from '../modules/outbox/worker.ts';
import { findPayment, type PaymentRow } from '../modules/payment/repository.ts';
import type { SessionContext } from '../modules/session/service.ts';
import { chargeOrder } from './payment-charge.ts';
import { accountOf, gatewayOf, type PaymentContext } from './payment-context.ts';
import { enqueuePaymentMessage } from './payment-message.ts';
import { conversationOf } from './payment-settle.ts';

export const CHARGE_JOB = 'payment.charge';
export const CANCEL_JOB = 'payment.cancel';

type ChargeJob = { shopId: string; orderId: string; channelId: string };
type CancelJob = { shopId: string; paymentId: string };

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

/** In the transaction that cancelled `payment` locally: queues its cancellation at the provider. */
export async function enqueueCancelJob(tx: Queryable, payment: PaymentRow): Promise<void> {
  if (!payment.provider_payment_id) return;
  const job: CancelJob = { shopId: payment.shop_id, paymentId: payment.id };
  await enqueueJob(tx, payment.shop_id, CANCEL_JOB, job, `${CANCEL_JOB}:${payment.id}`, payment.order_id);
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

/** Runs a cancel job at the gateway that took the charge; answers the provider id. */
async function runCancel(ctx: PaymentContext, job: CancelJob): Promise<string> {
  const payment = await findPayment(ctx.db, job.paymentId);
  if (!payment?.provider_payment_id || payment.shop_id !== job.shopId) return 'skipped';
  const account = await accountOf(ctx, payment.shop_id);
  if (GATEWAY_OF_ACCOUNT[account.type] !== payment.gateway)
    throw new GatewayError('a conta de pagamento da loja mudou de gateway', 'refused', false);
  await gatewayOf(ctx, account).cancelCharge(payment.provider_payment_id);
  return payment.provider_payment_id;
}

/** The outbox worker's payment job handlers (server.ts). */
export function paymentJobs(ctx: PaymentContext): JobHandlers {
  return {
    [CHARGE_JOB]: (job) => runCharge(ctx, job as ChargeJob),
    [CANCEL_JOB]: (job) => runCancel(ctx, job as CancelJob),
  };
}
