/**
 * Cancelling the Waiting charge of an order whose shopper changes the payment method
 * (flows/checkout/change-payment-method.ts): here in the caller's transaction, and at the provider by the `payment.cancel`
 * job the outbox worker runs after commit (docs/decisions/0010-payments.md, addenda) — never inside it.
 */
import type { Queryable } from '../../db/client.ts';
import { GatewayError } from '../../adapters/payments/gateway.ts';
import { GATEWAY_OF_ACCOUNT } from '../../adapters/payments/registry.ts';
import { enqueueJob, type JobHandlers } from '../outbox/service.ts';
import type { SessionContext } from '../session/service.ts';
import { accountOf, gatewayOf, type PaymentContext } from './context.ts';
import { findPayment, findWaitingPayment, type PaymentRow } from './repository.ts';
import { settlePayment } from './settle.ts';

export const CANCEL_JOB = 'payment.cancel';

type CancelJob = { shopId: string; paymentId: string };

/**
 * In `tx`, the order row locked: cancels the order's Waiting charge (queuing its cancellation at the provider
 * when the provider knows it); false when the order had none.
 */
export async function cancelWaitingCharge(
  tx: Queryable,
  orderId: string,
  session: SessionContext,
): Promise<boolean> {
  const waiting = await findWaitingPayment(tx, orderId);
  if (!waiting) return false;
  const applied = await settlePayment(tx, waiting.id, { status: 'canceled', source: 'client' }, session);
  if (applied.moved && applied.payment.provider_payment_id) await enqueueCancelJob(tx, applied.payment);
  return true;
}

async function enqueueCancelJob(tx: Queryable, payment: PaymentRow): Promise<void> {
  const job: CancelJob = { shopId: payment.shop_id, paymentId: payment.id };
  await enqueueJob(tx, payment.shop_id, CANCEL_JOB, job, `${CANCEL_JOB}:${payment.id}`, payment.order_id);
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

/** The outbox worker's handler of the cancel job (server.ts). */
export function paymentCancelJobs(ctx: PaymentContext): JobHandlers {
  return { [CANCEL_JOB]: (job) => runCancel(ctx, job as CancelJob) };
}
